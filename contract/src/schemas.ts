import { z } from 'zod';
import { normalizeEmail } from './email.ts';
import { type ErrorCode, errorMessages } from './errors.ts';
import { languages } from './languages.ts';
import { controlCharacters, webAddress } from './names.ts';
import { isOtp } from './one-time-code.ts';
import { checkPassword, passwordDefaults } from './password.ts';
import { licenseKeyPattern, licenseKinds, licenseStatuses, normalizeLicenseKey, planNames } from './plans.ts';
import { isAppSignInPath } from './safe-url.ts';
import { ssoProviders } from './sso-providers.ts';

// Every issue message is an error code (errors.ts); summarizeIssues turns them into the wire shape.
const code = (value: ErrorCode) => ({ error: value });

export const emailSchema = z.string(code('validation.email_invalid')).transform((value, ctx) => {
  const result = normalizeEmail(value);
  if (result.ok) return result.email;
  ctx.addIssue({ code: 'custom', message: result.code });
  return z.NEVER;
});

/** A new password: the shared rule, without the e-mail (checked where the e-mail is known). */
export const newPasswordSchema = z
  .string(code('validation.password_rule'))
  .max(passwordDefaults.maxLength * 8, code('validation.password_too_long'))
  .superRefine((value, ctx) => {
    const failure = checkPassword(value);
    if (failure) ctx.addIssue({ code: 'custom', message: failure });
  });

/** A password being presented (sign-in): never judged by today's rule, only required. */
export const presentedPasswordSchema = z
  .string(code('validation.password_required'))
  .min(1, code('validation.password_required'))
  .max(4096, code('validation.password_too_long'));

export const tokenSchema = z.string(code('validation.token_required')).min(16, code('token.invalid')).max(256, code('token.invalid'));
export const localeSchema = z.enum(languages).optional();
export const personNameSchema = z
  .string()
  .trim()
  .max(100, code('validation.name_too_long'))
  .refine((name) => !controlCharacters.test(name), code('validation.name_invalid'))
  .refine((name) => !webAddress.test(name), code('validation.name_link'));

/** Refuses an e-mail that appears in the password; used where both are in one payload. */
function passwordAvoidsEmail(body: { email: string; password: string }, ctx: z.RefinementCtx) {
  if (checkPassword(body.password, { email: body.email }) === 'validation.password_contains_email') {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.password_contains_email' });
  }
}

/** A 6-digit one-time code, spaces and dashes from copying ignored. */
export const codeSchema = z
  .string(code('validation.otp_required'))
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine(isOtp, code('validation.otp_required'));
/** The panel plugin's apiKey or userId: they identify a panel installation and user, never authenticate. */
const panelCredential = z.string(code('panel.invalid_key')).trim().min(1, code('panel.invalid_key')).max(200, code('panel.invalid_key'));

export const signupRequest = z.object({
  email: emailSchema,
  /** The required personal-data processing consent. */
  dataProcessingConsent: z.literal(true, code('validation.consent_required')),
  /** Marketing consent (the seed's `consent`). */
  consent: z.boolean().optional(),
  analyticsConsent: z.boolean().optional(),
  locale: localeSchema,
  invitation: z.string().max(256).optional(),
  /**
   * The app sign-in this sign-up was started from (/oidc/interaction/:uid): kept with the pending
   * sign-up and handed back with its choices. Anything else is left out, as an unsafe redirectTo is.
   */
  redirectTo: z.string().refine(isAppSignInPath).optional().catch(undefined),
  /** Control-panel mode: a code instead of a link, for this panel user. */
  otp: z.boolean().optional(),
  apiKey: panelCredential.optional(),
  userId: panelCredential.optional(),
  /** A random secret the starting tab makes, to ask later what became of the sign-up (decision 041). */
  watch: tokenSchema.optional(),
});

export const verifyOtpRequest = z.object({ code: codeSchema, email: emailSchema });
/**
 * The owner's own consents travel with the step that proves the address (set-password, code
 * completion); the panel's userId with the completion, which links that panel user only when it
 * is the one the code was asked for.
 */
export const ownerConsents = { consent: z.boolean().optional(), analyticsConsent: z.boolean().optional() };
export const completeOtpRequest = z
  .object({ email: emailSchema, password: newPasswordSchema, code: codeSchema, userId: panelCredential.optional(), ...ownerConsents })
  .superRefine(passwordAvoidsEmail);

export const verifyEmailRequest = z.object({ token: tokenSchema, email: emailSchema });
/** The boxes ticked at sign-up come back to whoever proves the address, to confirm them with the password. */
const signupChoices = { consent: z.boolean(), analyticsConsent: z.boolean(), redirectTo: z.string().optional() };
export const verifyEmailResponse = z.object({ email: z.string(), token: z.string(), ...signupChoices });
export const verifyOtpResponse = z.object({ email: z.string(), ...signupChoices });
export type VerifyEmailAnswer = z.infer<typeof verifyEmailResponse>;
/**
 * What became of the sign-up the asking tab started (its watch): its address still waiting,
 * confirmed, or the account set up. Nothing else is known to that tab (decision 041).
 */
export const signupStates = ['waiting', 'verified', 'ready'] as const;
export const signupStatusRequest = z.object({ watch: tokenSchema });
export const signupStatusResponse = z.object({ state: z.enum(signupStates) });
export type SignupState = (typeof signupStates)[number];
export type VerifyOtpAnswer = z.infer<typeof verifyOtpResponse>;

export const setPasswordRequest = z
  .object({ email: emailSchema, password: newPasswordSchema, token: tokenSchema, ...ownerConsents })
  .superRefine(passwordAvoidsEmail);

export const emailOnlyRequest = z.object({ email: emailSchema, locale: localeSchema });
/** With otp:true (control panel) the installation's apiKey too: codes are only mailed for a panel's own page. */
export const initPasswordResetRequest = emailOnlyRequest.extend({ otp: z.boolean().optional(), apiKey: panelCredential.optional() });
export const passwordResetRequest = z.object({ password: newPasswordSchema, token: tokenSchema });
export const passwordResetCheckRequest = z.object({ token: tokenSchema });
/** Control-panel reset: the mailed code and the address it was sent to. */
export const passwordResetOtpRequest = z
  .object({ password: newPasswordSchema, code: codeSchema, email: emailSchema, locale: localeSchema })
  .superRefine(passwordAvoidsEmail);

export const signinRequest = z.object({ email: emailSchema, password: presentedPasswordSchema });
/** Control-panel sign-in: the password authenticates; apiKey and userId link the panel user. */
export const cpSigninRequest = signinRequest.extend({ apiKey: panelCredential, userId: panelCredential });

export const profileRequest = z.object({
  firstName: personNameSchema.optional(),
  familyName: personNameSchema.optional(),
  consent: z.boolean().optional(),
  analyticsConsent: z.boolean().optional(),
  locale: localeSchema,
});

export const licenseKeySchema = z
  .string(code('validation.license_invalid'))
  .max(64, code('validation.license_invalid'))
  .transform(normalizeLicenseKey)
  .refine((key) => licenseKeyPattern.test(key), code('validation.license_invalid'));
/** A platform license also needs the panel's apiKey (here or in X-API-KEY): it is activated from its panel. */
export const licenseActivateRequest = z.object({ license: licenseKeySchema, apiKey: panelCredential.optional() });

export const accountView = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  familyName: z.string().nullable(),
  consent: z.boolean(),
  analyticsConsent: z.boolean(),
  locale: z.enum(languages),
  createdAt: z.string(),
});
export type AccountView = z.infer<typeof accountView>;

/** How the second factor of a sign-in may be given (decision 046). */
export const twoFactorMethods = ['totp', 'recovery'] as const;
/** A way in's answer for an account with a second factor: no session yet, the challenge cookie only. */
export const twoFactorPrompt = z.object({ twoFactor: z.object({ methods: z.array(z.enum(twoFactorMethods)) }) });
export type TwoFactorPrompt = z.infer<typeof twoFactorPrompt>;
/** What a way in answers: the account, signed in, or the two-factor prompt. */
export const signinAnswer = z.union([accountView, twoFactorPrompt]);
export type SigninAnswer = z.infer<typeof signinAnswer>;

/** An authenticator app's current 6-digit code, spaces from copying ignored. */
export const authenticatorCodeSchema = z
  .string(code('two_factor.code_required'))
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine(isOtp, code('two_factor.code_required'));
/** A recovery code as printed (two groups of five letters and digits); case, spaces and dashes ignored. */
export const recoveryCodeSchema = z
  .string(code('two_factor.recovery_code_required'))
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .refine((value) => /^[a-z0-9]{10}$/.test(value), code('two_factor.invalid_recovery_code'));
export const twoFactorSigninRequest = z.union([
  z.object({ code: authenticatorCodeSchema }).strict(),
  z.object({ recoveryCode: recoveryCodeSchema }).strict(),
]);
/**
 * The account, signed in; and when the sign-in came from a team invitation it could not use
 * (expired, revoked, for another address), why: the sign-in stands all the same.
 */
export const twoFactorSigninAnswer = accountView.extend({
  invitationRefused: z.enum(Object.keys(errorMessages) as [ErrorCode, ...ErrorCode[]]).optional(),
});
export type TwoFactorSigninAnswer = z.infer<typeof twoFactorSigninAnswer>;

export const sessionView = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  // The browser and system read from the user agent, and the address it came from.
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
});
export type SessionView = z.infer<typeof sessionView>;

/** An app the account signed in to through Gatehouse: its client id, name and last use (decision 044). */
export const connectedAppView = z.object({
  id: z.string(),
  name: z.string(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
});
export type ConnectedAppView = z.infer<typeof connectedAppView>;

export const planLimits = z.object({ servers: z.number().nullable(), websites: z.number().nullable() });
export const licensePreview = z.object({
  plan: z.enum(planNames),
  kind: z.enum(licenseKinds),
  status: z.enum(licenseStatuses),
  limits: planLimits,
  expiresAt: z.string().nullable(),
});
export type LicensePreview = z.infer<typeof licensePreview>;
export const licenseView = licensePreview.extend({ keySuffix: z.string(), activatedAt: z.string().nullable() });
export type LicenseView = z.infer<typeof licenseView>;

export const brandView = z.object({
  host: z.string(),
  brandName: z.string(),
  faviconUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string().nullable(),
  supportUrl: z.string().nullable(),
  dashboardUrl: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  termsUrl: z.string().nullable(),
  defaultLanguage: z.enum(languages),
});
export type BrandView = z.infer<typeof brandView>;

// The license a member works under through a team (the team's owner's), with whose team it is.
export const teamLicenseView = z.object({
  teamId: z.string(),
  ownerEmail: z.string(),
  teamName: z.string().nullable(),
  ownerName: z.string(),
  license: licensePreview,
});
export type TeamLicenseView = z.infer<typeof teamLicenseView>;

/**
 * The team requirement of two-factor that the current session does not meet, the earliest
 * deadline first (decision 047): what the banner says. `withheld` once the deadline has passed;
 * `enrolled` when the person has a second factor and only needs to sign in with it.
 */
export const teamTwoFactorNotice = z.object({
  teamId: z.string(),
  teamName: z.string().nullable(),
  ownerName: z.string(),
  own: z.boolean(),
  deadline: z.string(),
  withheld: z.boolean(),
  enrolled: z.boolean(),
});
export type TeamTwoFactorNotice = z.infer<typeof teamTwoFactorNotice>;

export const sessionResponse = z
  .object({
    account: accountView,
    license: licenseView.nullable(),
    teamLicense: teamLicenseView.nullable(),
    teamTwoFactor: teamTwoFactorNotice.nullable(),
  })
  .nullable();

/** A provider's identity connected to the account. */
export const ssoIdentityView = z.object({
  id: z.string(),
  provider: z.enum(ssoProviders),
  email: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type SsoIdentityView = z.infer<typeof ssoIdentityView>;
/** The account's identities, and whether it has a password (the last way in may not be removed). */
/**
 * The owner's proof before a change to the signed-in account: the current password, or for an
 * account without one the code mailed for that change. One name in every call that asks for it
 * (decision 050); a field error names the field the same way.
 */
export const ownerProof = { currentPassword: presentedPasswordSchema.optional(), emailCode: codeSchema.optional() };

/**
 * Connecting a provider to the signed-in account: the owner's proof (the code mailed by
 * POST /sso/link-code without a password). The answer is where the browser goes next (the provider).
 */
export const ssoLinkRequest = z.object({ provider: z.enum(ssoProviders, code('validation.invalid')), ...ownerProof });
export const ssoLinkResponse = z.object({ location: z.string() });

export const ssoIdentitiesResponse = z.object({ identities: z.array(ssoIdentityView), hasPassword: z.boolean() });
export type SsoIdentitiesResponse = z.infer<typeof ssoIdentitiesResponse>;
