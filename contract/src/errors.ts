/**
 * The one catalogue of error codes. `error` in an API answer carries the English text below
 * (so the seed's error detection keeps working); clients show the translation of `code`.
 * The seed's own messages are kept to the letter.
 */
export const errorMessages = {
  'validation.invalid': 'Check the highlighted fields and try again',
  'validation.email_invalid': 'Input a valid email',
  'validation.email_lookalike': 'This email address mixes characters from different alphabets. Check it and try again',
  'validation.password_required': 'Fill in the password field',
  'validation.password_rule':
    'Your password must not be empty and should be at least {min} characters long, including lowercase, uppercase, numbers, or special characters',
  'validation.password_too_long': 'Your password can be at most 128 characters long',
  'validation.password_common': 'This password is too common and easy to guess. Choose another one',
  'validation.password_contains_email': 'Your password must not contain your email address',
  'validation.password_mismatch': 'The passwords do not match',
  'validation.consent_and_email': 'Accept the consent and provide a valid email to continue',
  'validation.consent_required': 'Accept the consent to continue',
  'validation.otp_required': 'Enter the OTP code we have sent you',
  'otp.invalid': 'The code is not valid. Check it, or request a new one',
  'otp.attempts_exceeded': 'Too many wrong codes. Request a new code and try again',
  'panel.invalid_key': 'The panel installation is not registered or has been revoked',
  'validation.token_required': 'The link is incomplete. Open it again from the email',
  'validation.name_too_long': 'Names can be at most 100 characters long',
  'validation.name_invalid': 'Names cannot contain line breaks or other control characters',
  'validation.name_link': 'Names cannot contain a web address',
  'validation.license_invalid': 'Enter a license key in the format GH-XXXX-XXXX-XXXX-XXXX',
  'auth.invalid_credentials': 'Invalid email and password',
  'auth.session_required': 'Sign in to continue',
  'auth.session_not_found': 'This session does not exist or has already ended',
  'auth.sso_unavailable': 'Sign-in with this provider is not available here. Please use your email and password',
  'email.verification_failed': 'Your email could not be verified!',
  'token.invalid': 'An error has occurred. Token is not valid. Please try it again!',
  'reset.failed': 'Password reset error',
  'reset.request_new': 'Please request a new password reset mail',
  'email.link_used': 'This link was already used: your account is set up. Sign in to continue',
  'email.link_expired': 'This link has expired. Send yourself a new one to continue',
  'reset.link_used': 'This reset link was already used or replaced by a newer one. Sign in, or request a new link',
  'reset.link_expired': 'This reset link has expired. Request a new one to continue',
  'license.activation_failed': 'Activation error',
  'license.not_found': 'This license key does not exist',
  'license.taken': 'This license is already in use by another account',
  'license.revoked': 'This license has been revoked',
  'license.expired': 'This license has expired',
  'license.account_has_license': 'Your account already has an active license',
  'license.wrong_panel': 'This license belongs to another hosting panel. Activate it from the panel it was issued for',
  'rate.limited': 'Too many attempts. Please wait a moment and try again',
  'request.malformed': 'The request could not be read',
  'request.too_large': 'The request is too large',
  'request.unsupported_media_type': 'This content type is not supported',
  'request.too_complex': 'The request has too many nested or repeated fields',
  'request.cross_site': 'Requests from other sites are not allowed',
  'request.not_found': 'Page not found: {path}',
  'server.busy': 'The service is busy. Please try again in a moment',
  'server.unavailable': 'The service is temporarily unavailable. Please try again in a moment',
  'server.internal': 'Internal Server Error',
  'network.failed': 'The service could not be reached. Check your connection and try again',
  // Per-account cap on failed sign-ins
  'auth.signin_paused': 'Signing in with the password is paused after too many failed attempts. Reset your password to sign in again',
  'sso.cancelled': 'Sign-in was cancelled. Choose a way to sign in to continue',
  'sso.expired': 'This sign-in has expired or was already used. Please start again',
  'sso.invalid_response': 'The answer of the sign-in provider could not be verified, so you were not signed in. Please try again',
  'sso.provider_unavailable': 'The sign-in provider could not be reached. Please try again in a moment, or use your email and password',
  'sso.email_missing': 'The sign-in provider did not share your email address. Allow access to it and try again',
  'sso.email_unverified':
    'An account with this email address already exists, but the provider does not confirm that the address is yours. Sign in with your password, then connect the provider on your account page',
  'sso.email_not_confirmed':
    'The sign-in provider does not confirm that this email address is yours. Please sign up with your email address instead',
  'sso.no_account': 'There is no account for this email address yet. Accept the consent below to create one, then continue again',
  'sso.identity_taken': 'This account of the provider is already connected to another account',
  'sso.last_method':
    'This is your only way to sign in. Set a password with “Forgot password?” or connect another account before disconnecting this one',
  'sso.identity_not_found': 'This connection does not exist or has already been removed',
  'oidc.interaction_expired': 'This sign-in to the app has expired. Go back to the app and start again',
  'oidc.hand_over_invalid': 'The sign-in from your hosting panel has expired or was already used. Sign in here to continue to the app',
  'oidc.app_not_connected': 'This app is not signed in to your account, or was already signed out',
  'oidc.not_issuer': 'This address is not an OpenID Connect issuer. Use {issuer}',
  'oidc.invalid_request': 'The app’s sign-in request could not be accepted. Go back to the app and try again, or contact its operator',
  'auth.wrong_password': 'The current password is not correct',
  'account.no_password': 'This account has no password yet. Set one first with the link we can mail you',
  'account.confirmation_required': 'Enter your password, or the code we mailed you, to confirm',
  'email_change.same_address': 'This is already the email address of your account',
  'email_change.none_pending': 'There is no email change waiting to be confirmed',
  'email_change.failed': 'This email change link is not valid or has expired. Start the change again in your settings',
  'team.forbidden': 'Only the owner and the admins of the team can do this',
  'team.not_found': 'This team does not exist, or you are not a member of it',
  'team.member_not_found': 'This person is not a member of the team',
  'team.invitation_not_found': 'This invitation does not exist or is no longer pending',
  'team.already_member': 'This person is already a member of the team',
  'team.owner_fixed': 'The owner of a team can neither leave it nor be removed from it',
  'team.member_limit': 'The team has reached its maximum number of members',
  'team.already_invited': 'This address has already been invited. Send the invitation again to give it a new link',
  'team.name_required': 'Enter a name for the team',
  'team.name_too_long': 'A team name can be at most 60 characters long',
  'team.name_invalid': 'A team name cannot contain line breaks or other control characters',
  'team.name_link': 'A team name cannot contain a web address',
  'team.two_factor_required':
    "This team requires two-factor authentication. Set it up in your account's security settings, then sign in again with your second factor",
  'team.two_factor_grace_invalid': 'The grace period is a whole number of days, from 0 to 90',
  'team.invitation_limit': 'The team has reached its maximum number of pending invitations. Revoke one, or wait until one is accepted',
  'invitation.invalid': 'This invitation link is not valid. Check that you opened the whole link from the email',
  'invitation.expired': 'This invitation has expired. Ask the team for a new one',
  'invitation.revoked': 'This invitation has been withdrawn. Ask the team for a new one',
  'invitation.used': 'This invitation has already been used',
  'invitation.wrong_account': 'This invitation was sent to another email address. Sign in with that address to accept it',
  // Two-factor sign-in (decision 046)
  'two_factor.code_required': 'Enter the 6-digit code from your authenticator app',
  'two_factor.recovery_code_required': 'Enter one of your recovery codes',
  'two_factor.invalid_code': 'The code is not valid. Enter the current code from your authenticator app',
  'two_factor.code_used': 'This code was already used. Wait for the next code in your authenticator app',
  'two_factor.invalid_recovery_code': 'This recovery code is not valid or was already used',
  'two_factor.challenge_expired': 'This sign-in has expired. Sign in again to continue',
  'two_factor.attempts_exceeded': 'Too many wrong codes. Sign in again to continue',
  'two_factor.already_enabled': 'Two-factor authentication is already on for this account',
  'two_factor.not_pending': 'There is no authenticator waiting to be confirmed. Start the setup again',
  'two_factor.not_enabled': 'Two-factor authentication is not on for this account',
  'two_factor.proof_required': 'Sign in again with your second factor to change how you sign in',
  'passkey.unavailable': 'Passkeys are not available here. Sign in with your email and password',
  'passkey.expired': 'This passkey request has expired or was already used. Please try again',
  'passkey.invalid': 'The passkey could not be verified, so nothing was changed. Please try again',
  'passkey.unknown': 'This passkey is not registered on this site. Sign in another way, then add a passkey in your settings',
  'passkey.counter_regressed':
    'This passkey reported fewer uses than before, a sign that it may have been copied, so it was refused. Sign in another way and check your passkeys in your settings',
  'passkey.cancelled': 'The passkey request was cancelled or timed out. Try again, or sign in another way',
  'passkey.not_found': 'This passkey does not exist or has already been removed',
  'passkey.last_method':
    'This passkey is your only way to sign in. Set a password with “Forgot password?” or add another passkey before removing this one',
  'passkey.name_invalid': 'A passkey name must be 1 to 60 characters long, without line breaks',
  'passkey.limit': 'You have reached the maximum of 10 passkeys. Remove one before adding another',
  'passkey.already_added': 'This passkey is already registered. Use it to sign in, or choose another one',
  // The operator's console and admin API (decisions 059-061)
  'auth.account_disabled': 'This account is disabled. Contact support',
  'admin.token_required': 'Send an admin token (Authorization: Bearer …) to use the admin API',
  'admin.scope_required': 'This admin token or role does not allow this action',
  'admin.reason_required': 'Give a reason for this action, up to 500 characters',
  'admin.account_not_found': 'There is no account with this id',
  'admin.already_disabled': 'This account is already disabled',
  'admin.not_disabled': 'This account is not disabled',
  'admin.already_verified': 'This account has already confirmed its email address',
  'admin.account_disabled': 'This account is disabled. Enable it first',
  'admin.no_sign_in_pause': 'Signing in is not paused for this account',
  'admin.license_not_found': 'There is no license with this id',
  'admin.license_revoked': 'This license is revoked and cannot be changed',
  'admin.team_not_found': 'There is no team with this id',
  'admin.expiry_invalid': 'Give the new expiry as a date in the future',
  'admin.webhook_not_found': 'There is no webhook endpoint with this id',
  'admin.webhook_url_invalid': 'Give the endpoint’s address as an http:// or https:// URL, without a user name or password',
  'admin.webhook_event_unknown': 'Unknown event type: {events}',
  'admin.webhook_description_too_long': 'The description may have 200 characters at most',
  'admin.webhook_event_not_found': 'There is no event with this id in the delivery log',
  'admin.webhook_replay_range': 'Give the time to replay from (since) or one event’s id (event)',
  'admin.fresh_proof_required':
    'Confirm it is you first: your sign-in is older than 5 minutes. Enter your password and a code from your authenticator app',
  'console.signed_out': 'Your console session has ended. Sign in again',
  'console.csrf_invalid': 'This request did not come from the console. Reload the page and try again',
  'console.not_operator': 'This account is not an operator. Ask an owner of this Gatehouse to grant you a role',
  'console.second_factor_required':
    'The console needs a sign-in with two factors. Sign out of Gatehouse, then sign in with your password and authenticator code, or with a passkey',
  'console.sign_in_failed': 'Signing in to the console did not finish. Try again',
  'console.proof_needs_authenticator': 'Confirming it is you needs an authenticator app on your account. Add one in your settings',
  'console.code_required': 'Enter the current code from your authenticator app',
  'console.not_built': 'The console is not built on this server. Run npm run build',
} as const;

export type ErrorCode = keyof typeof errorMessages;

/** A translation of every error code: a missing key fails the type check. */
export type ErrorMessages = { readonly [code in ErrorCode]: string };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}

/** The wire shape of every failure. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  /** Per-field error codes, on validation failures. */
  fields?: Record<string, ErrorCode>;
  requestId?: string;
}
