/**
 * English: the texts of the steps after the first screens (the second factor's code, the e-mail
 * verification, a new password from a reset link or code, an app's sign-out): only those pages
 * load them (decision 053). Every other language is typed against it. Placeholders: {name}.
 */
const enSteps = {
  twoFactor: {
    heading: 'Two-factor authentication',
    intro: 'Enter the 6-digit code from your authenticator app to finish signing in.',
    recoveryIntro: 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.',
    codeLabel: 'Authentication code',
    codeHint: 'Open your authenticator app and type the code it shows now.',
    recoveryLabel: 'Recovery code',
    recoveryHint: 'Ten letters and digits, for example abcde-fgh23.',
    submit: 'Verify and sign in',
    useRecovery: 'Use a recovery code instead',
    useApp: 'Use your authenticator app instead',
    ended: 'This sign-in has ended.',
    signInAgain: 'Sign in again',
    lost: 'Lost your phone and your recovery codes? {support} to reset two-factor authentication.',
    contactSupport: 'Contact support',
    lostNoSupport: 'Lost your phone and your recovery codes? Ask the operator of this service to reset two-factor authentication.',
    back: 'Back to sign-in',
  },
  verify: {
    checking: 'Confirming your email address…',
    failedHint: 'The link may have expired or already been used. Sign up again to get a new one.',
    startAgain: 'Sign up again',
    sendNew: 'Send a new link',
  },
  reset: {
    heading: 'Set a new password',
    intro: 'Choose a new password for your account. Every device that is signed in will be signed out.',
    submit: 'Change password',
    successHeading: 'Password changed',
    success: 'Your password has been changed. You’ll be taken to the sign-in page in {seconds, plural, one {# second} other {# seconds}}.',
    backToLogin: 'Back to sign in',
    requestNew: 'Request a new link',
    usedHeading: 'This link was already used',
    usedIntro: 'This reset link was already used or replaced by a newer one. Sign in, or request a new link.',
    expiredHeading: 'This link has expired',
    expiredIntro: 'This reset link has expired. Request a new one to continue.',
    deadHeading: 'This link does not work',
    codeIntro: 'Enter the 6-digit code we sent to {email} and choose a new password. Every device that is signed in will be signed out.',
    noCode: 'No code received?',
    requestCode: 'Request a new code',
  },
  // An app asked to sign the person out without saying who (RP-initiated logout without a hint)
  appSignOut: {
    heading: 'Sign out?',
    intro: 'An app asked to sign you out. Signing out ends your session here and signs you out of the apps you opened with it.',
    submit: 'Sign out',
    stay: 'Stay signed in',
    doneHeading: 'Signed out',
    done: 'Your session here has ended, and so has your sign-in to the apps you opened with it.',
    signInAgain: 'Sign in again',
  },
};

export default enSteps;
export type StepsTexts = typeof enSteps;
