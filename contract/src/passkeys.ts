// The shapes of the passkey calls (decision 048). The browser's answers are WebAuthn's JSON
// forms (base64url strings); their content is judged by the server's WebAuthn check, the
// schema only bounds their size.
import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { emailSchema, ownerConsents, ownerProof, tokenSchema } from './schemas.ts';

const code = (value: ErrorCode) => ({ error: value });
const invalid = code('passkey.invalid');
const attachment = z.enum(['platform', 'cross-platform'], invalid).optional();
const b64url = z
  .string(invalid)
  .max(16_384, invalid)
  .regex(/^[A-Za-z0-9_-]*$/, invalid);

/** What `navigator.credentials.create` answered, as @simplewebauthn/browser hands it over. */
export const passkeyRegistration = z.object(
  {
    id: b64url,
    rawId: b64url,
    type: z.literal('public-key', invalid),
    response: z.object(
      {
        clientDataJSON: b64url,
        attestationObject: b64url,
        authenticatorData: b64url.optional(),
        publicKey: b64url.optional(),
        publicKeyAlgorithm: z.number().optional(),
        transports: z
          .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'], invalid))
          .max(10)
          .optional(),
      },
      invalid,
    ),
    authenticatorAttachment: attachment,
    // Read by no check here: the extensions' outputs are dropped on the way in.
    clientExtensionResults: z.object({}).optional(),
  },
  invalid,
);
export type PasskeyRegistration = z.infer<typeof passkeyRegistration>;

/** What `navigator.credentials.get` answered. */
export const passkeyAssertion = z.object(
  {
    id: b64url,
    rawId: b64url,
    type: z.literal('public-key', invalid),
    response: z.object(
      {
        clientDataJSON: b64url,
        authenticatorData: b64url,
        signature: b64url,
        userHandle: b64url.optional(),
      },
      invalid,
    ),
    authenticatorAttachment: attachment,
    // Read by no check here: the extensions' outputs are dropped on the way in.
    clientExtensionResults: z.object({}).optional(),
  },
  invalid,
);
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

/**
 * The options the browser hands to WebAuthn, as the server's library makes them: read by the
 * browser's library, whose types they follow; documented here by their one field everyone reads.
 */
export const passkeyOptions = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptions>;

export const passkeyName = z
  .string(code('passkey.name_invalid'))
  .trim()
  .min(1, code('passkey.name_invalid'))
  .max(60, code('passkey.name_invalid'))
  .refine((value) => !/\p{Cc}/u.test(value), code('passkey.name_invalid'));

/**
 * Adding, renaming or removing a passkey of the signed-in account: the password, or without one
 * the mailed code (and, once the account has an authenticator, a session proved with two factors).
 */
export const passkeyProofRequest = z.object(ownerProof);
export const passkeyAddRequest = z.object({ response: passkeyRegistration, name: passkeyName.optional() });
export const passkeyRenameRequest = passkeyProofRequest.extend({ name: passkeyName });
export const passkeySigninRequest = z.object({ response: passkeyAssertion });
/** The sign-up's password step, with a passkey instead: the verified address and its set-password token. */
export const passkeySignupOptionsRequest = z.object({ email: emailSchema, token: tokenSchema });
export const passkeySignupRequest = z.object({ email: emailSchema, token: tokenSchema, response: passkeyRegistration, ...ownerConsents });

export const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  /** The host it was made on: it signs in there only (each white-label brand's host is its own). */
  host: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Backed up by a passkey provider, so it follows the person to their other devices. */
  synced: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyView>;
