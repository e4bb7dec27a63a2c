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

/**
 * The shortest local part that is judged: shorter ones ("lin", "ada", "bob") are inside too
 * many ordinary words to forbid them, and guessing them adds little (decision 004).
 */
export const emailFragmentMinLength = 4;

/** The part of the address a password contains (its local part, when long enough to matter), if any. */
export function emailFragmentIn(password: string, email: string): string | undefined {
  const local = emailLocalPart(email).toLowerCase();
  if ([...local].length < emailFragmentMinLength) return undefined;
  return normalizePassword(password).toLowerCase().includes(local) ? local : undefined;
}

function containsEmail(password: string, email: string): boolean {
  return emailFragmentIn(password, email) !== undefined;
}
