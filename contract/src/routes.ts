/** Every API path, exactly as the seed writes them, plus the calls PRODUCT.md adds. */
export const api = {
  signin: '/signin',
  cpSignin: '/user/signin',
  signup: '/user/signup',
  setPassword: '/user/set-password',
  completeOtpRegistration: '/user/complete-otp-registration',
  resendVerification: '/user/resend-verification',
  resendOtpVerification: '/user/resend-otp-verification',
  initPasswordReset: '/user/init-password-reset',
  verifyOtpEmail: '/user/verify-otp-email',
  verifyEmail: '/user/verify-email',
  passwordReset: '/user/password-reset',
  passwordResetCheck: '/user/password-reset/check',
  passwordResetOtp: '/user/password-reset-otp',
  profile: '/profile',
  cpProfile: '/user/profile',
  whiteLabel: '/white-label',
  session: '/session',
  signout: '/signout',
  sessions: '/sessions',
  session_: '/sessions/:id',
  license: '/license',
  licensePreview: '/license/:license',
  licenseActivate: '/license/activate',
  connectGoogle: '/connect/google',
  connectMicrosoft: '/connect/microsoft',
  healthLive: '/health/live',
  healthReady: '/health/ready',
  metrics: '/metrics',
  openapi: '/openapi.json',
  devMailbox: '/dev/mailbox',
  // Single sign-on
  connectCallback: '/connect/:provider/callback',
  ssoIdentities: '/sso/identities',
  ssoIdentity: '/sso/identities/:id',
  // Account settings
  account: '/account',
  accountConsents: '/account/consents',
  accountPassword: '/account/password',
  accountEmail: '/account/email',
  accountEmailConfirm: '/account/email/confirm',
  accountEmailCancel: '/account/email/cancel',
  sessionsEndOthers: '/sessions/end-others',
  accountDeletionCode: '/account/deletion-code',
  accountDelete: '/account/delete',
  accountExport: '/account/export',
  // Teams
  team: '/team',
  teamInvitations: '/team/invitations',
  teamInvitationResend: '/team/invitations/:id/resend',
  teamInvitation: '/team/invitations/:id',
  teamMember: '/team/members/:id',
  invitation: '/invitations/:token',
  invitationAccept: '/invitations/:token/accept',
} as const;

// Single sign-on
/** The OpenID providers a deployment can offer. */
export const ssoProviders = ['google', 'microsoft'] as const;
export type SsoProviderName = (typeof ssoProviders)[number];

/** Screens of the web app (seed section 2). */
export const screens = {
  index: '/',
  login: '/login',
  signup: '/signup',
  signupProcess: '/signup-process',
  activateEmail: '/activate-email',
  resetPassword: '/reset-password',
  reset: '/reset',
  redeem: '/redeem/:license',
  // Account settings
  settings: '/settings',
  settingsSection: '/settings/:section',
  emailConfirm: '/email-change',
  emailCancel: '/email-change/cancel',
} as const;

/**
 * The account screens, by their path without the language prefix ("/", "/signup-process",
 * "/settings/…", "/redeem/…", "/email-change…"): their pages show the account part of the
 * interface texts besides the start part (decision 026).
 */
export function isAccountScreen(barePath: string): boolean {
  return /^\/(signup-process|settings|redeem|email-change)(\/|$)|^\/$/.test(barePath);
}
