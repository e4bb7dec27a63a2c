// The shapes of the calls behind /settings (profile goes through PUT /profile).
import { z } from 'zod';
import {
  authenticatorCodeSchema,
  codeSchema,
  emailSchema,
  newPasswordSchema,
  ownerProof,
  presentedPasswordSchema,
  tokenSchema,
} from './schemas.ts';

/** What the settings screens need beyond the account itself. */
export const accountOverview = z.object({
  hasPassword: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  /** The address an e-mail change waits to have verified, if one is pending. */
  pendingEmail: z.string().nullable(),
  /** Whether an authenticator is confirmed, and how many recovery codes are still unused (decision 046). */
  twoFactor: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
});
export type AccountOverview = z.infer<typeof accountOverview>;

export const consentKinds = ['data_processing', 'marketing', 'analytics'] as const;
export const consentEntry = z.object({
  kind: z.enum(consentKinds),
  granted: z.boolean(),
  policyVersion: z.string(),
  at: z.string(),
});
/** Each consent's state with the time it was given (null: not given), and the whole ledger, newest first. */
export const consentsView = z.object({
  dataProcessingAt: z.string().nullable(),
  marketingAt: z.string().nullable(),
  analyticsAt: z.string().nullable(),
  ledger: z.array(consentEntry),
});
export type ConsentsView = z.infer<typeof consentsView>;
/** The seed's field names: `consent` is marketing. */
export const consentsRequest = z.object({ consent: z.boolean().optional(), analyticsConsent: z.boolean().optional() });

export const changePasswordRequest = z.object({
  currentPassword: presentedPasswordSchema,
  password: newPasswordSchema,
});

export const changeEmailRequest = z.object({ email: emailSchema, currentPassword: presentedPasswordSchema });
/** The new address's link (token) or, in a hosting panel, its code. */
export const confirmEmailChangeRequest = z.union([z.object({ token: tokenSchema }), z.object({ code: codeSchema })]);
export const cancelEmailChangeRequest = z.object({ token: tokenSchema });

/** The owner's proof: the password, or for an account without one the code mailed by POST /account/deletion-code. */
export const deleteAccountRequest = z.object(ownerProof);

/** The owner's proof; without a password, the code mailed by POST /account/two-factor/code. */
export const twoFactorProofRequest = z.object(ownerProof);
export const twoFactorEnrolment = z.object({
  secret: z.string(),
  /** The otpauth://totp/… URI, not active until confirmed with a code. */
  uri: z.string(),
  /** The URI as a QR code, an SVG document drawn on the server. */
  qrSvg: z.string(),
});
export const twoFactorConfirmRequest = z.object({ code: authenticatorCodeSchema });
export const recoveryCodesView = z.object({ recoveryCodes: z.array(z.string()) });
export const twoFactorDisableRequest = z.object({ ...ownerProof, code: authenticatorCodeSchema });
