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
  // Single sign-on
  ssoLinked: {
    subject: '{brand} アカウントに {provider} が連携されました',
    preheader: '今後は {provider} でもログインできます。',
    intro: '{brand} アカウント（{email}）に {provider} アカウントが連携されました。今後は {provider} でもログインできます。',
    button: 'アカウントを開く',
    notYou: 'お心当たりがない場合は、アカウントを開いて {provider} の連携を解除し、サポートまでご連絡ください。',
  },
};

export default ja;
