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
 * The shortest part of an address that is judged: shorter ones ("lin", "ada", "bob") are inside
 * too many ordinary words to forbid them, and guessing them adds little (decision 004).
 */
export const emailFragmentMinLength = 4;

/**
 * The part of the address a password contains, if any: the whole local part, or one of its
 * pieces between dots, dashes, plus signs and the like, when long enough to matter.
 */
export function emailFragmentIn(password: string, email: string): string | undefined {
  const local = emailLocalPart(email).toLowerCase();
  const typed = normalizePassword(password).toLowerCase();
  return [local, ...local.split(/[^\p{L}\p{N}]+/u)]
    .filter((fragment) => [...fragment].length >= emailFragmentMinLength)
    .sort((a, b) => b.length - a.length)
    .find((fragment) => typed.includes(fragment));
}

function containsEmail(password: string, email: string): boolean {
  return emailFragmentIn(password, email) !== undefined;
}
