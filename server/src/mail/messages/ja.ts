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
  // Teams
  teamInvitation: {
    subject: '【{brand}】{team} のチームへの招待',
    preheader: '{inviter} さんがあなたを監視チームに招待しました。',
    intro:
      '{inviter} さんが、{brand} の {team} のチームにあなたを招待しました。参加すると、チームのサーバー、ウェブサイト、アラートを確認できます。',
    button: '招待を承諾する',
    expiry: 'この招待の有効期間は {days} 日間（{date} まで）です。',
    notExpected: 'この招待に心当たりがない場合は、このメールを無視してください。何も変更されません。',
  },
};

export default ja;
