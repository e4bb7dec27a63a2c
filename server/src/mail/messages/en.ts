/**
 * English texts of every mail, the catalogue the other languages are typed against.
 * Placeholders: {brand}, {hours}, {minutes}, {email}, {code}.
 */
const en = {
  common: {
    greeting: 'Hello,',
    signature: 'The {brand} team',
    buttonFallback: 'If the button does not work, copy this address into your browser:',
    ignore: 'If you did not ask for this, you can ignore this email. Nothing will change.',
    footer: 'You are receiving this email because this address was entered on {brand}.',
  },
  verifyEmail: {
    subject: 'Confirm your email address for {brand}',
    preheader: 'One click and your account is ready.',
    intro: 'Thanks for signing up for {brand}. Confirm that this is your email address to continue setting up your account.',
    button: 'Confirm email address',
    expiry: 'The link is valid for {hours} hours.',
  },
  alreadyRegistered: {
    subject: 'You already have a {brand} account',
    preheader: 'No new account was created.',
    intro:
      'Someone, hopefully you, tried to sign up for {brand} with this email address. You already have an account, so no new one was created.',
    button: 'Sign in',
    reset: 'Forgot your password? You can choose a new one here:',
  },
  passwordReset: {
    subject: 'Reset your {brand} password',
    preheader: 'Choose a new password for your account.',
    intro: 'We received a request to reset the password of your {brand} account. Choose a new password with the button below.',
    button: 'Choose a new password',
    expiry: 'The link is valid for {minutes} minutes and works only once.',
  },
  passwordChanged: {
    subject: 'Your {brand} password was changed',
    preheader: 'Every device has been signed out.',
    intro: 'The password of your {brand} account ({email}) was just changed. Every device that was signed in has been signed out.',
    button: 'Sign in',
    notYou: 'If you did not do this, reset your password right away and contact our support.',
  },
  signupCode: {
    subject: 'Your {brand} verification code: {code}',
    preheader: 'Enter it to confirm your email address.',
    intro: 'Enter this code to confirm your email address and finish setting up your {brand} account:',
    expiry: 'The code is valid for {minutes} minutes.',
  },
  resetCode: {
    subject: 'Your {brand} password reset code: {code}',
    preheader: 'Enter it to choose a new password.',
    intro: 'Enter this code to choose a new password for your {brand} account:',
    expiry: 'The code is valid for {minutes} minutes.',
  },
  // Per-account cap on failed sign-ins
  signinPaused: {
    subject: 'Someone is trying to sign in to your {brand} account',
    preheader: 'Signing in with the password is paused until you choose a new one.',
    intro:
      'There have been many failed attempts to sign in to your {brand} account ({email}) with a wrong password. To protect your account, signing in with the password is paused. Choose a new password to sign in again.',
    button: 'Choose a new password',
    after:
      'Your password has not been changed. If you did not try to sign in, someone may be guessing your password: choose a new one that you do not use anywhere else.',
  },
  ssoLinked: {
    subject: '{provider} was connected to your {brand} account',
    preheader: 'You can now sign in with {provider}.',
    intro:
      'A {provider} account was just connected to your {brand} account ({email}). From now on you can sign in with {provider} as well.',
    button: 'Open your account',
    notYou: 'If you did not do this, open your account, disconnect {provider} and contact our support.',
  },
  passwordUpdated: {
    subject: 'Your {brand} password was changed',
    preheader: 'Every other device has been signed out.',
    intro:
      'The password of your {brand} account ({email}) was just changed in your account settings. Every other device that was signed in has been signed out.',
    button: 'Sign in',
    notYou: 'If you did not do this, reset your password right away and contact our support.',
  },
  emailChangeVerify: {
    subject: 'Confirm your new email address for {brand}',
    preheader: 'One click and your account uses this address.',
    intro: 'You asked to use {email} for your {brand} account. Confirm that this is your address; the change takes effect only then.',
    button: 'Confirm new address',
    expiry: 'The link is valid for {hours} hours.',
  },
  emailChangeCode: {
    subject: 'Your {brand} code to confirm your new email address: {code}',
    preheader: 'Enter it to confirm your new address.',
    intro: 'You asked to use {email} for your {brand} account. Enter this code in your settings to confirm the new address:',
    expiry: 'The code is valid for {minutes} minutes.',
  },
  emailChangeNotice: {
    subject: 'Your {brand} email address is about to change',
    preheader: 'If this was not you, stop it now.',
    intro:
      'Someone signed in to your {brand} account asked to change its email address to {email}. The change takes effect once the new address is confirmed.',
    button: 'This was not me: stop the change',
    notYou:
      'Stopping the change also signs out every device and ends the current password, since whoever asked knows it; a link to choose a new one then comes to this address.',
  },
  accountRecovered: {
    subject: 'Choose a new password for your {brand} account',
    preheader: 'The email change was stopped and every device signed out.',
    intro:
      'You stopped a change of the email address of your {brand} account ({email}). Every device has been signed out and the password no longer works, since whoever asked for the change knew it.',
    /** Followed by the list of what went, in `wayInsAddedSince`. */
    removedSince: 'Removed, because they were added since the request: {removed}.',
    button: 'Choose a new password',
    expiry:
      'The link is valid for {minutes} minutes and works only once. After that, ask for a new one with “Forgot your password?” on the sign-in page.',
  },
  emailChangeTaken: {
    subject: 'Your email address is already used on {brand}',
    preheader: 'No address was changed.',
    intro:
      'Someone tried to move another {brand} account to this email address. This address already has its own account, so nothing was changed.',
    button: 'Sign in',
  },
  deletionCode: {
    subject: 'Your {brand} code to delete your account: {code}',
    preheader: 'Enter it to confirm the deletion.',
    intro: 'Enter this code in your settings to confirm that your {brand} account should be deleted for good:',
    expiry: 'The code is valid for {minutes} minutes. If you did not ask for this, ignore this email: your account stays as it is.',
  },
  ssoLinkCode: {
    subject: 'Your {brand} code to connect a sign-in provider: {code}',
    preheader: 'Enter it to confirm the connection.',
    intro: 'Enter this code in your account settings to confirm that Google or Microsoft should be connected to your {brand} account:',
    expiry:
      'The code is valid for {minutes} minutes. If you did not ask for this, someone may be using your account: sign out every other device in your settings and contact our support.',
  },
  passkeyCode: {
    subject: 'Your {brand} code to change your passkeys: {code}',
    preheader: 'Enter it to confirm the change.',
    intro:
      'Enter this code in your account settings to confirm the change to the passkeys of your {brand} account (adding, renaming or removing one):',
    expiry:
      'The code is valid for {minutes} minutes. If you did not ask for this, someone may be using your account: sign out every other device in your settings and contact our support.',
  },
  accountDeleted: {
    subject: 'Your {brand} account has been deleted',
    preheader: 'Thank you for having been with us.',
    intro:
      'Your {brand} account ({email}) and the personal data stored with it have been deleted, as you asked. You can sign up again at any time with this address.',
    after: 'If you did not delete your account, contact our support right away.',
  },
  twoFactorCode: {
    subject: 'Your {brand} code for two-factor authentication: {code}',
    preheader: 'Enter it to confirm the change.',
    intro: 'Enter this code in your account settings to confirm the change to two-factor authentication of your {brand} account:',
    expiry:
      'The code is valid for {minutes} minutes. If you did not ask for this, someone may be using your account: sign out every other device in your settings and contact our support.',
  },
  twoFactorEnabled: {
    subject: 'Two-factor authentication is on for your {brand} account',
    preheader: 'Signing in now also asks for a code from your authenticator app.',
    intro:
      'Two-factor authentication was just turned on for your {brand} account ({email}). Signing in now also asks for a code from your authenticator app, or one of your recovery codes.',
    button: 'Open your settings',
    notYou: 'If you did not do this, reset your password right away and contact our support.',
  },
  twoFactorDisabled: {
    subject: 'Two-factor authentication is off for your {brand} account',
    preheader: 'Signing in no longer asks for a code.',
    intro:
      'Two-factor authentication was just turned off for your {brand} account ({email}). Signing in no longer asks for a code from your authenticator app.',
    button: 'Open your settings',
    notYou: 'If you did not do this, reset your password right away, turn two-factor authentication on again and contact our support.',
  },
  twoFactorReset: {
    subject: 'Two-factor authentication of your {brand} account was reset',
    preheader: 'Our support turned it off at your request.',
    intro:
      'Our support turned off two-factor authentication for your {brand} account ({email}), as you asked after losing your authenticator app and recovery codes. Your authenticator and recovery codes no longer work.',
    button: 'Turn it on again',
    after: 'If you did not ask for this, reset your password right away and contact our support.',
  },
  wayInAdded: {
    subject: 'A new way to sign in to your {brand} account',
    preheader: '{method} now signs in to your account.',
    intro: '{method} was just added to your {brand} account ({email}) as a way to sign in.',
    button: 'Open your settings',
    notYou: 'If you did not do this, remove it in your settings, change your password right away and contact our support.',
  },
  wayInRemoved: {
    subject: 'A way to sign in was removed from your {brand} account',
    preheader: '{method} no longer signs in to your account.',
    intro: '{method} was just removed from your {brand} account ({email}) and no longer signs in to it.',
    button: 'Open your settings',
    notYou: 'If you did not do this, change your password right away and contact our support.',
  },
  /** One way in, as the subject of the two notices above ({detail}: a passkey's name, a provider). */
  wayIn: {
    password: 'A password',
    identity: 'Your {detail} account',
    panelLink: 'A hosting panel login ({detail})',
    passkey: 'The passkey “{detail}”',
    authenticator: 'An authenticator app',
    recoveryCodes: 'A new set of recovery codes',
  },
  /** Each kind of way in, as an item of the recovered mail's list. */
  wayInsAddedSince: {
    password: 'the password',
    identity: 'sign-in connections (Google, Microsoft)',
    panelLink: 'hosting panel links',
    passkey: 'passkeys',
    authenticator: 'the authenticator app with its recovery codes',
    recoveryCodes: 'recovery codes',
  },
  teamInvitation: {
    subject: 'Join the team of {team} on {brand}',
    preheader: '{inviter} invited you to their monitoring team.',
    intro: '{inviter} invited you to join the team of {team} on {brand}, to see its servers, websites and alerts.',
    /** When the team has a name of its own (the lines above name it after its owner). */
    subjectNamed: 'Join the team “{team}” on {brand}',
    introNamed: '{inviter} invited you to join the team “{team}” on {brand}, to see its servers, websites and alerts.',
    button: 'Accept the invitation',
    expiry: 'The invitation is valid for {days} days, until {date}.',
    notExpected: 'If you did not expect this invitation, you can ignore this email. Nothing will change.',
  },
  accountDisabled: {
    subject: 'Your {brand} account has been disabled',
    preheader: 'You can no longer sign in.',
    intro: 'Our support disabled your {brand} account ({email}). You can no longer sign in to it, and every device and app was signed out.',
    after: 'If you think this is a mistake, contact our support.',
  },
  accountEnabled: {
    subject: 'Your {brand} account is enabled again',
    preheader: 'You can sign in as before.',
    intro: 'Our support enabled your {brand} account ({email}) again. You can sign in as before.',
    button: 'Sign in',
    after: 'If you did not expect this, contact our support.',
  },
  sessionsEndedBySupport: {
    subject: 'You were signed out of your {brand} account',
    preheader: 'Sign in again to continue.',
    intro: 'Our support signed your {brand} account ({email}) out of every device and app. Sign in again to continue.',
    button: 'Sign in',
    after: 'If you did not ask for this, change your password right away and contact our support.',
  },
};

export default en;
export type MailMessages = typeof en;
