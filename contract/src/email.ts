import type { ErrorCode } from './errors.ts';

export type EmailResult = { ok: true; email: string } | { ok: false; code: ErrorCode };

// Dot-atom local part (RFC 5322) in ASCII only: internationalised local parts are where
// look-alike addresses hide, and few mail systems accept them anyway.
const localPartPattern = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const asciiLabelPattern = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const scriptPatterns: ReadonlyArray<[string, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['armenian', /\p{Script=Armenian}/u],
  // Japanese mixes these three scripts legitimately in one word.
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
];

/** True when one label mixes letters of several scripts (the classic homograph attack). */
function mixesScripts(label: string): boolean {
  const seen = new Set<string>();
  for (const char of label) {
    if (!/\p{L}/u.test(char)) continue;
    const script = scriptPatterns.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other';
    seen.add(script);
    if (seen.size > 1) return true;
  }
  return false;
}

/** Encodes a Unicode domain to ASCII (IDNA) with the platform's URL parser, in Node and browsers. */
function toAsciiDomain(domain: string): string | undefined {
  try {
    const host = new URL(`http://${domain}/`).hostname;
    return host === '' ? undefined : host;
  } catch {
    return undefined;
  }
}

/**
 * Normalises an e-mail address once, on the way in: trimmed, domain lower-cased and
 * IDNA-encoded. Refuses control characters (header injection), look-alike domains and
 * anything that is not a deliverable mailbox on a public domain name.
 */
export function normalizeEmail(raw: string): EmailResult {
  const invalid: EmailResult = { ok: false, code: 'validation.email_invalid' };
  // CR/LF anywhere, even where trimming would drop it, marks a header-injection attempt.
  if (/[\r\n]/.test(raw)) return invalid;
  const trimmed = raw.trim();
  if (trimmed.length === 0 || trimmed.length > 254) return invalid;
  if (/[\p{Cc}\p{Cf}\s]/u.test(trimmed)) return invalid;
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return invalid;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).normalize('NFC');
  if (local.length > 64 || !localPartPattern.test(local)) return invalid;
  if (domain.startsWith('[') || domain.includes('..')) return invalid;
  if (domain.split('.').some(mixesScripts)) return { ok: false, code: 'validation.email_lookalike' };
  const ascii = toAsciiDomain(domain);
  if (!ascii || ascii.length > 253) return invalid;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => asciiLabelPattern.test(label))) return invalid;
  const tld = labels[labels.length - 1] ?? '';
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return invalid;
  return { ok: true, email: `${local}@${ascii}` };
}

/** The part before the @, for the "password contains your e-mail" rule. */
export function emailLocalPart(email: string): string {
  return email.slice(0, Math.max(0, email.lastIndexOf('@')));
}
