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
  // Teams
  teamInvitation: {
    subject: 'Join the team of {team} on {brand}',
    preheader: '{inviter} invited you to their monitoring team.',
    intro: '{inviter} invited you to join the team of {team} on {brand}, to see its servers, websites and alerts.',
    button: 'Accept the invitation',
    expiry: 'The invitation is valid for {days} days, until {date}.',
    notExpected: 'If you did not expect this invitation, you can ignore this email. Nothing will change.',
  },
};

export default en;
export type MailMessages = typeof en;
