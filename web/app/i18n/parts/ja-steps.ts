import type { StepsTexts } from './en-steps.ts';

const jaSteps: StepsTexts = {
  twoFactor: {
    heading: '2段階認証',
    intro: 'ログインを完了するには、認証アプリに表示されている6桁のコードを入力してください。',
    recoveryIntro: '2段階認証をオンにしたときに保存したリカバリーコードを1つ入力してください。各コードは1回だけ使用できます。',
    codeLabel: '認証コード',
    codeHint: '認証アプリを開き、現在表示されているコードを入力してください。',
    recoveryLabel: 'リカバリーコード',
    recoveryHint: '英数字10文字（例: abcde-fgh23）。',
    submit: '確認してログイン',
    useRecovery: 'リカバリーコードを使用する',
    useApp: '認証アプリを使用する',
    ended: 'このログインは終了しました。',
    signInAgain: 'もう一度ログイン',
    lost: 'スマートフォンとリカバリーコードを紛失した場合は、{support}して2段階認証をリセットしてください。',
    contactSupport: 'サポートに連絡',
    lostNoSupport: 'スマートフォンとリカバリーコードを紛失した場合は、このサービスの運営者に2段階認証のリセットを依頼してください。',
    back: 'ログインに戻る',
  },
  verify: {
    checking: 'メールアドレスを確認しています…',
    failedHint:
      'リンクの有効期限が切れているか、すでに使用されている可能性があります。もう一度新規登録して、新しいリンクを受け取ってください。',
    startAgain: 'もう一度新規登録',
    sendNew: '新しいリンクを送信',
  },
  reset: {
    heading: '新しいパスワードを設定',
    intro: 'アカウントの新しいパスワードを設定してください。ログイン中のすべてのデバイスはログアウトされます。',
    submit: 'パスワードを変更',
    successHeading: 'パスワードを変更しました',
    success: 'パスワードが変更されました。{seconds} 秒後にログインページに移動します。',
    backToLogin: 'ログインに戻る',
    requestNew: '新しいリンクをリクエスト',
    usedHeading: 'このリンクは使用済みです',
    usedIntro:
      'このパスワードリセット用リンクは使用済みか、新しいリンクに置き換えられています。ログインするか、新しいリンクをリクエストしてください。',
    expiredHeading: 'このリンクは有効期限切れです',
    expiredIntro: 'このパスワードリセット用リンクは有効期限が切れています。続けるには新しいリンクをリクエストしてください。',
    deadHeading: 'このリンクは使用できません',
    codeIntro:
      '{email} にお送りした 6 桁のコードを入力し、新しいパスワードを設定してください。ログイン中のすべてのデバイスからログアウトされます。',
    noCode: 'コードが届きませんか？',
    requestCode: '新しいコードをリクエスト',
  },
  appSignOut: {
    heading: 'ログアウトしますか？',
    intro:
      'アプリからログアウトが要求されました。ログアウトすると、ここでのセッションが終了し、このセッションで開いたアプリからもログアウトされます。',
    submit: 'ログアウト',
    stay: 'ログインしたままにする',
    doneHeading: 'ログアウトしました',
    done: 'ここでのセッションが終了し、このセッションで開いたアプリからもログアウトしました。',
    signInAgain: 'もう一度ログイン',
  },
};

export default jaSteps;
