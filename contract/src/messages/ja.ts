import type { ErrorMessages } from '../errors.ts';

const ja = {
  'validation.invalid': '強調表示された項目を確認して、もう一度お試しください',
  'validation.email_invalid': '有効なメールアドレスを入力してください',
  'validation.email_lookalike': 'このメールアドレスには異なる文字体系の文字が混在しています。確認して、もう一度お試しください',
  'validation.password_required': 'パスワードを入力してください',
  'validation.password_rule': 'パスワードは空欄にできません。英小文字・英大文字・数字・記号などを使って、{min} 文字以上で設定してください',
  'validation.password_too_long': 'パスワードは 128 文字以内で入力してください',
  'validation.password_common': 'このパスワードはよく使われているため、推測されやすくなっています。別のパスワードを選んでください',
  'validation.password_contains_email': 'パスワードにメールアドレスを含めることはできません',
  'validation.password_mismatch': 'パスワードが一致しません',
  'validation.consent_and_email': '続行するには、同意したうえで有効なメールアドレスを入力してください',
  'validation.consent_required': '続行するには同意が必要です',
  'validation.otp_required': 'お送りしたコードを入力してください',
  'otp.invalid': 'コードが正しくありません。確認するか、新しいコードをリクエストしてください',
  'otp.attempts_exceeded': '誤ったコードの入力が多すぎます。新しいコードをリクエストして、もう一度お試しください',
  'panel.invalid_key': 'このパネルのインストールは登録されていないか、無効化されています',
  'validation.token_required': 'リンクが不完全です。メールからもう一度開いてください',
  'validation.name_too_long': '名前は 100 文字以内で入力してください',
  'validation.license_invalid': 'ライセンスキーを GH-XXXX-XXXX-XXXX-XXXX の形式で入力してください',
  'auth.invalid_credentials': 'メールアドレスまたはパスワードが正しくありません',
  'auth.session_required': '続行するにはログインしてください',
  'auth.session_not_found': 'このセッションは存在しないか、すでに終了しています',
  'auth.sso_unavailable': 'このプロバイダーでのログインはここではご利用いただけません。メールアドレスとパスワードでログインしてください',
  'email.verification_failed': 'メールアドレスを確認できませんでした',
  'token.invalid': 'エラーが発生しました。リンクが無効です。もう一度お試しください',
  'reset.failed': 'パスワードの再設定中にエラーが発生しました',
  'reset.request_new': 'パスワード再設定用のメールをあらためてリクエストしてください',
  'license.activation_failed': 'ライセンスの有効化中にエラーが発生しました',
  'license.not_found': 'このライセンスキーは存在しません',
  'license.taken': 'このライセンスは別のアカウントですでに使用されています',
  'license.revoked': 'このライセンスは取り消されています',
  'license.expired': 'このライセンスは有効期限が切れています',
  'license.account_has_license': 'お使いのアカウントにはすでに有効なライセンスがあります',
  'license.wrong_panel': 'このライセンスは別のホスティングパネル用です。発行先のパネルから有効化してください',
  'rate.limited': '試行回数が多すぎます。しばらく待ってから、もう一度お試しください',
  'request.malformed': 'リクエストを読み取れませんでした',
  'request.too_large': 'リクエストのサイズが大きすぎます',
  'request.unsupported_media_type': 'このコンテンツタイプには対応していません',
  'request.too_complex': 'リクエストに含まれる入れ子の項目や繰り返しの項目が多すぎます',
  'request.cross_site': '他のサイトからのリクエストは許可されていません',
  'request.not_found': 'ページが見つかりません：{path}',
  'server.busy': 'サービスが混み合っています。しばらくしてから、もう一度お試しください',
  'server.unavailable': 'サービスは一時的にご利用いただけません。しばらくしてから、もう一度お試しください',
  'server.internal': '内部サーバーエラー',
  'network.failed': 'サービスに接続できませんでした。接続状況を確認して、もう一度お試しください',
  // Per-account cap on failed sign-ins
  'auth.signin_paused':
    'ログインの失敗が多すぎるため、パスワードでのログインを一時停止しています。再度ログインするには、パスワードを再設定してください',
  // Single sign-on
  'sso.cancelled': 'ログインがキャンセルされました。続行するにはログイン方法を選択してください',
  'sso.expired': 'このログインは有効期限が切れているか、すでに使用されています。もう一度やり直してください',
  'sso.invalid_response': 'ログインサービスからの応答を確認できなかったため、ログインしませんでした。もう一度お試しください',
  'sso.provider_unavailable':
    'ログインサービスに接続できません。しばらくしてからもう一度お試しいただくか、メールアドレスとパスワードでログインしてください',
  'sso.email_missing':
    'ログインサービスからメールアドレスが共有されませんでした。メールアドレスへのアクセスを許可して、もう一度お試しください',
  'sso.email_unverified':
    'このメールアドレスのアカウントはすでに存在しますが、プロバイダーはこのアドレスがあなたのものであることを確認していません。パスワードでログインしてから、アカウントページでプロバイダーを連携してください',
  'sso.email_not_confirmed':
    'ログインサービスは、このメールアドレスがあなたのものであることを確認していません。メールアドレスで登録してください',
  'sso.account_disabled': 'このアカウントは無効になっています。お困りの場合はサポートまでご連絡ください',
  'sso.no_account':
    'このメールアドレスのアカウントはまだありません。アカウントを作成するには下の同意にチェックを入れてから、もう一度続行してください',
  'sso.identity_taken': 'このプロバイダーのアカウントは、すでに別のアカウントに連携されています',
  'sso.last_method':
    'これが唯一のログイン方法です。連携を解除する前に、「パスワードをお忘れですか？」からパスワードを設定するか、別のアカウントを連携してください',
  'sso.identity_not_found': 'この連携は存在しないか、すでに解除されています',
  // Gatehouse as an OpenID provider
  'oidc.interaction_expired': 'アプリへのサインインの有効期限が切れました。アプリに戻って、もう一度お試しください',
  'oidc.invalid_request':
    'アプリからのサインイン要求を受け付けられませんでした。アプリに戻ってもう一度お試しいただくか、運営者にお問い合わせください',
  // Account settings
  'auth.wrong_password': '現在のパスワードが正しくありません',
  'account.no_password': 'このアカウントにはまだパスワードがありません。メールでお送りするリンクから、先にパスワードを設定してください',
  'account.confirmation_required': '確認のため、パスワードまたはメールでお送りしたコードを入力してください',
  'email_change.same_address': 'これはすでにアカウントのメールアドレスです',
  'email_change.failed': 'このメールアドレス変更リンクは無効か、有効期限が切れています。設定から変更をやり直してください',
  // Teams
  'team.forbidden': 'この操作はチームのオーナーと管理者のみが行えます',
  'team.not_found': 'このチームは存在しないか、あなたはメンバーではありません',
  'team.member_not_found': 'この方はチームのメンバーではありません',
  'team.invitation_not_found': 'この招待は存在しないか、すでに保留中ではありません',
  'team.already_member': 'この方はすでにチームのメンバーです',
  'team.owner_fixed': 'チームのオーナーはチームを離れることも、チームから削除されることもできません',
  'team.member_limit': 'チームのメンバー数が上限に達しています',
  'team.invitation_limit': '保留中の招待が上限に達しています。いずれかを取り消すか、承諾されるまでお待ちください',
  'invitation.invalid': 'この招待リンクは無効です。メールのリンクを最後まで開いたかご確認ください',
  'invitation.expired': 'この招待は有効期限が切れています。チームに新しい招待を依頼してください',
  'invitation.revoked': 'この招待は取り消されました。チームに新しい招待を依頼してください',
  'invitation.used': 'この招待はすでに使用されています',
  'invitation.wrong_account': 'この招待は別のメールアドレスに送信されました。そのアドレスでログインして承諾してください',
} satisfies ErrorMessages;

export default ja;
