import type { MailMessages } from './en.ts';

const ja: MailMessages = {
  common: {
    greeting: 'こんにちは。',
    signature: '{brand} チーム',
    buttonFallback: 'ボタンが機能しない場合は、次のアドレスをコピーしてブラウザに貼り付けてください：',
    ignore: 'お心当たりがない場合は、このメールを破棄してください。何も変更されません。',
    footer: 'このメールは、{brand} でこのメールアドレスが入力されたためお送りしています。',
  },
  verifyEmail: {
    subject: '【{brand}】メールアドレスの確認をお願いします',
    preheader: 'ワンクリックでアカウントの準備が完了します。',
    intro:
      '{brand} にご登録いただきありがとうございます。アカウントの設定を続けるには、このメールアドレスがお客様のものであることを確認してください。',
    button: 'メールアドレスを確認',
    expiry: 'このリンクの有効期限は {hours} 時間です。',
  },
  alreadyRegistered: {
    subject: '【{brand}】アカウントはすでに登録されています',
    preheader: '新しいアカウントは作成されていません。',
    intro:
      'このメールアドレスで {brand} への新規登録が試みられました（お客様ご本人によるものであれば問題ありません）。すでにアカウントをお持ちのため、新しいアカウントは作成されていません。',
    button: 'ログイン',
    reset: 'パスワードをお忘れの場合は、こちらから新しいパスワードを設定できます：',
  },
  passwordReset: {
    subject: '【{brand}】パスワードの再設定',
    preheader: 'アカウントの新しいパスワードを設定してください。',
    intro: '{brand} アカウントのパスワード再設定のリクエストを受け付けました。下のボタンから新しいパスワードを設定してください。',
    button: '新しいパスワードを設定',
    expiry: 'このリンクの有効期限は {minutes} 分です。使用できるのは 1 回限りです。',
  },
  passwordChanged: {
    subject: '【{brand}】パスワードが変更されました',
    preheader: 'すべてのデバイスがログアウトされました。',
    intro: '{brand} アカウント（{email}）のパスワードが変更されました。ログイン中だったすべてのデバイスはログアウトされています。',
    button: 'ログイン',
    notYou: 'この変更にお心当たりがない場合は、ただちにパスワードを再設定し、サポートまでお問い合わせください。',
  },
  signupCode: {
    subject: '【{brand}】確認コード：{code}',
    preheader: 'このコードを入力して、メールアドレスを確認してください。',
    intro: '以下のコードを入力して、メールアドレスの確認と {brand} アカウントの設定を完了してください。',
    expiry: 'コードの有効期限は {minutes} 分です。',
  },
  resetCode: {
    subject: '【{brand}】パスワード再設定コード：{code}',
    preheader: 'このコードを入力して、新しいパスワードを設定してください。',
    intro: '以下のコードを入力して、{brand} アカウントの新しいパスワードを設定してください。',
    expiry: 'コードの有効期限は {minutes} 分です。',
  },
  // Per-account cap on failed sign-ins
  signinPaused: {
    subject: '【{brand}】アカウントへの不審なログインの試み',
    preheader: '新しいパスワードを設定するまで、パスワードでのログインを一時停止しています。',
    intro:
      '{brand} アカウント（{email}）に、誤ったパスワードによるログインの失敗が多数ありました。アカウントを保護するため、パスワードでのログインを一時停止しています。再度ログインするには、新しいパスワードを設定してください。',
    button: '新しいパスワードを設定',
    after:
      'パスワードは変更されていません。ログインを試みた覚えがない場合は、第三者がパスワードを推測しようとしている可能性があります。ほかでは使っていない新しいパスワードを設定してください。',
  },
  ssoLinked: {
    subject: '{brand} アカウントに {provider} が連携されました',
    preheader: '今後は {provider} でもログインできます。',
    intro: '{brand} アカウント（{email}）に {provider} アカウントが連携されました。今後は {provider} でもログインできます。',
    button: 'アカウントを開く',
    notYou: 'お心当たりがない場合は、アカウントを開いて {provider} の連携を解除し、サポートまでご連絡ください。',
  },
  passwordUpdated: {
    subject: '【{brand}】パスワードが変更されました',
    preheader: 'ほかのすべてのデバイスはログアウトされました。',
    intro:
      'アカウント設定で {brand} アカウント（{email}）のパスワードが変更されました。ログイン中だったほかのすべてのデバイスはログアウトされています。',
    button: 'ログイン',
    notYou: 'この変更にお心当たりがない場合は、ただちにパスワードを再設定し、サポートまでお問い合わせください。',
  },
  emailChangeVerify: {
    subject: '【{brand}】新しいメールアドレスを確認してください',
    preheader: 'ワンクリックでアカウントがこのアドレスを使うようになります。',
    intro:
      '{brand} アカウントで {email} を使うよう依頼がありました。ご自身のアドレスであることを確認してください。確認が済んだ時点で変更されます。',
    button: '新しいアドレスを確認',
    expiry: 'リンクの有効期限は {hours} 時間です。',
  },
  emailChangeCode: {
    subject: '【{brand}】新しいメールアドレスの確認コード：{code}',
    preheader: 'このコードを入力して、新しいアドレスを確認してください。',
    intro: '{brand} アカウントで {email} を使うよう依頼がありました。設定画面で以下のコードを入力して、新しいアドレスを確認してください。',
    expiry: 'コードの有効期限は {minutes} 分です。',
  },
  emailChangeNotice: {
    subject: '【{brand}】アカウントのメールアドレスが変更されようとしています',
    preheader: 'お心当たりがない場合は、今すぐ止めてください。',
    intro:
      '{brand} アカウントにログインしている方から、メールアドレスを {email} に変更する依頼がありました。新しいアドレスが確認された時点で変更されます。',
    button: '心当たりがない：変更を止める',
    notYou:
      '変更を止めると、すべてのデバイスがログアウトされ、依頼した人が知っている現在のパスワードも使えなくなります。その後、新しいパスワードを設定するためのリンクをこのアドレスにお送りします。',
  },
  accountRecovered: {
    subject: '【{brand}】新しいパスワードを設定してください',
    preheader: 'メールアドレスの変更を止め、すべてのデバイスをログアウトしました。',
    intro:
      '{brand} アカウント（{email}）のメールアドレス変更を止めました。変更を依頼した人がパスワードを知っていたため、すべてのデバイスをログアウトし、パスワードを無効にしました。',
    /** Followed by the list of what went, in `wayInsAddedSince`. */
    removedSince: '依頼以降に追加された次のものも削除しました：{removed}。',
    button: '新しいパスワードを設定',
    expiry:
      'リンクの有効期限は {minutes} 分で、1 回のみ使用できます。期限が切れた場合は、ログインページの「パスワードをお忘れですか？」から新しいリンクを依頼してください。',
  },
  emailChangeTaken: {
    subject: '【{brand}】このメールアドレスはすでに使われています',
    preheader: 'アドレスは変更されていません。',
    intro:
      '別の {brand} アカウントをこのメールアドレスに切り替えようとする操作がありました。このアドレスにはすでにアカウントがあるため、何も変更されていません。',
    button: 'ログイン',
  },
  deletionCode: {
    subject: '【{brand}】アカウント削除の確認コード：{code}',
    preheader: 'このコードを入力して、削除を確認してください。',
    intro: '{brand} アカウントを完全に削除するには、設定画面で以下のコードを入力してください。',
    expiry: 'コードの有効期限は {minutes} 分です。お心当たりがない場合は、このメールを無視してください。アカウントはそのまま残ります。',
  },
  ssoLinkCode: {
    subject: '{brand} のサインイン サービス連携用コード: {code}',
    preheader: '入力して連携を確認してください。',
    intro: 'Google または Microsoft を {brand} アカウントに連携することを確認するには、アカウント設定でこのコードを入力してください:',
    expiry:
      'コードの有効期間は {minutes} 分です。心当たりがない場合、第三者がアカウントを使用している可能性があります。設定で他のすべてのデバイスからサインアウトし、サポートにご連絡ください。',
  },
  passkeyCode: {
    subject: '{brand} のパスキー変更用コード: {code}',
    preheader: '入力して変更を確認してください。',
    intro: '{brand} アカウントのパスキーの変更（追加、名前の変更、削除）を確認するには、アカウント設定でこのコードを入力してください:',
    expiry:
      'コードの有効期間は {minutes} 分です。心当たりがない場合、第三者がアカウントを使用している可能性があります。設定で他のすべてのデバイスからサインアウトし、サポートにご連絡ください。',
  },
  accountDeleted: {
    subject: '【{brand}】アカウントを削除しました',
    preheader: 'これまでご利用いただき、ありがとうございました。',
    intro:
      'ご依頼どおり、{brand} アカウント（{email}）と、それに関連して保存されていた個人データを削除しました。このアドレスでいつでも再登録できます。',
    after: 'アカウントを削除した覚えがない場合は、ただちにサポートまでお問い合わせください。',
  },
  twoFactorCode: {
    subject: '{brand} の2段階認証の確認コード: {code}',
    preheader: '入力して変更を確認してください。',
    intro: '{brand} アカウントの2段階認証の変更を確認するには、アカウント設定でこのコードを入力してください:',
    expiry:
      'コードの有効期間は {minutes} 分です。心当たりがない場合、第三者がアカウントを使用している可能性があります。設定で他のすべてのデバイスからサインアウトし、サポートにご連絡ください。',
  },
  twoFactorEnabled: {
    subject: '{brand} アカウントの2段階認証がオンになりました',
    preheader: 'サインイン時に認証アプリのコードも求められるようになりました。',
    intro:
      '{brand} アカウント（{email}）の2段階認証がオンになりました。今後のサインインでは、認証アプリのコードまたはリカバリーコードも求められます。',
    button: '設定を開く',
    notYou: '心当たりがない場合は、すぐにパスワードを再設定し、サポートにご連絡ください。',
  },
  twoFactorDisabled: {
    subject: '{brand} アカウントの2段階認証がオフになりました',
    preheader: 'サインイン時にコードは求められなくなりました。',
    intro: '{brand} アカウント（{email}）の2段階認証がオフになりました。サインイン時に認証アプリのコードは求められなくなります。',
    button: '設定を開く',
    notYou: '心当たりがない場合は、すぐにパスワードを再設定して2段階認証をもう一度オンにし、サポートにご連絡ください。',
  },
  twoFactorReset: {
    subject: '{brand} アカウントの2段階認証がリセットされました',
    preheader: 'ご依頼によりサポートがオフにしました。',
    intro:
      '認証アプリとリカバリーコードを紛失したとのご依頼により、サポートが {brand} アカウント（{email}）の2段階認証をオフにしました。以前の認証アプリとリカバリーコードは使用できません。',
    button: 'もう一度オンにする',
    after: '心当たりがない場合は、すぐにパスワードを再設定し、サポートにご連絡ください。',
  },
  wayInAdded: {
    subject: '{brand} アカウントに新しいログイン方法が追加されました',
    preheader: '今後は{method}でログインできます。',
    intro: '{brand} アカウント（{email}）に、ログイン方法として{method}が追加されました。',
    button: '設定を開く',
    notYou: 'お心当たりがない場合は、設定からこのログイン方法を削除し、ただちにパスワードを変更して、サポートまでご連絡ください。',
  },
  wayInRemoved: {
    subject: '{brand} アカウントからログイン方法が削除されました',
    preheader: '{method}ではログインできなくなりました。',
    intro: '{brand} アカウント（{email}）から{method}が削除されました。今後はこの方法でログインすることはできません。',
    button: '設定を開く',
    notYou: 'お心当たりがない場合は、ただちにパスワードを変更し、サポートまでご連絡ください。',
  },
  /** One way in, as the subject of the two notices above ({detail}: a passkey's name, a provider). */
  wayIn: {
    password: 'パスワード',
    identity: '{detail} アカウント',
    panelLink: 'ホスティングパネルとの連携（{detail}）',
    passkey: 'パスキー「{detail}」',
    authenticator: '認証アプリ',
    recoveryCodes: '新しいリカバリーコード',
  },
  /** Each kind of way in, as an item of the recovered mail's list. */
  wayInsAddedSince: {
    password: 'パスワード',
    identity: 'ログイン連携（Google、Microsoft）',
    panelLink: 'ホスティングパネルとの連携',
    passkey: 'パスキー',
    authenticator: '認証アプリとそのリカバリーコード',
    recoveryCodes: 'リカバリーコード',
  },
  teamInvitation: {
    subject: '【{brand}】{team} のチームへの招待',
    preheader: '{inviter} さんがあなたを監視チームに招待しました。',
    intro:
      '{inviter} さんが、{brand} の {team} のチームにあなたを招待しました。参加すると、チームのサーバー、ウェブサイト、アラートを確認できます。',
    /** When the team has a name of its own (the lines above name it after its owner). */
    subjectNamed: '【{brand}】チーム「{team}」への招待',
    introNamed:
      '{inviter} さんが、{brand} のチーム「{team}」にあなたを招待しました。参加すると、チームのサーバー、ウェブサイト、アラートを確認できます。',
    button: '招待を承諾する',
    expiry: 'この招待の有効期間は {days} 日間（{date} まで）です。',
    notExpected: 'この招待に心当たりがない場合は、このメールを無視してください。何も変更されません。',
  },
  accountDisabled: {
    subject: '{brand} アカウントが無効になりました',
    preheader: 'サインインできなくなりました。',
    intro:
      'サポートが {brand} アカウント（{email}）を無効にしました。このアカウントにはサインインできなくなり、すべてのデバイスとアプリからサインアウトされました。',
    after: '誤りだと思われる場合は、サポートにお問い合わせください。',
  },
  accountEnabled: {
    subject: '{brand} アカウントが再び有効になりました',
    preheader: 'これまでどおりサインインできます。',
    intro: 'サポートが {brand} アカウント（{email}）を再び有効にしました。これまでどおりサインインできます。',
    button: 'サインイン',
    after: '心当たりがない場合は、サポートにお問い合わせください。',
  },
  sessionsEndedBySupport: {
    subject: '{brand} アカウントからサインアウトされました',
    preheader: '続けるには、もう一度サインインしてください。',
    intro:
      'サポートが {brand} アカウント（{email}）をすべてのデバイスとアプリからサインアウトしました。続けるには、もう一度サインインしてください。',
    button: 'サインイン',
    after: 'ご自身で依頼していない場合は、すぐにパスワードを変更し、サポートにお問い合わせください。',
  },
};

export default ja;
