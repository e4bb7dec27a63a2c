import { checkPassword, type ErrorCode, normalizePassword } from '@gatehouse/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/** ~49,000 passwords most often seen in breaches (lower-cased), bundled with zxcvbn-ts. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common;
}

/**
 * The full rule for a new password: the shared length rule, then the server-only checks
 * (decision 004). Returns the error code of the first rule broken.
 */
export function checkNewPassword(password: string, email: string, minLength: number): ErrorCode | undefined {
  const failure = checkPassword(password, { email, minLength });
  if (failure) return failure;
  if (commonPasswords().has(normalizePassword(password).toLowerCase())) return 'validation.password_common';
  return undefined;
}
