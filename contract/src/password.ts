import { emailLocalPart } from './email.ts';
import type { ErrorCode } from './errors.ts';

export const passwordDefaults = { minLength: 8, maxLength: 128 } as const;

/** Passwords are compared and counted after NFKC, so the same password typed on any keyboard matches. */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Length in code points (an emoji counts once), after NFKC. */
export function passwordLength(password: string): number {
  return [...normalizePassword(password)].length;
}

/**
 * The password rule every client and the server share (decision 004): length only, no
 * composition clause. Returns the error code of the first rule broken.
 */
export function checkPassword(password: string, options: { email?: string; minLength?: number } = {}): ErrorCode | undefined {
  const length = passwordLength(password);
  if (length < (options.minLength ?? passwordDefaults.minLength)) return 'validation.password_rule';
  if (length > passwordDefaults.maxLength) return 'validation.password_too_long';
  if (options.email && containsEmail(password, options.email)) return 'validation.password_contains_email';
  return undefined;
}

function containsEmail(password: string, email: string): boolean {
  const local = emailLocalPart(email).toLowerCase();
  // Very short local parts ("jo") would forbid half the dictionary without adding safety.
  if (local.length < 3) return false;
  return normalizePassword(password).toLowerCase().includes(local);
}
