import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { otpLength } from '@gatehouse/contract';

/** 32 random bytes, URL-safe: session ids, e-mailed tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked table opens no account. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function newId(): string {
  return randomUUID();
}

/** A 6-digit code from the CSPRNG, zero-padded. */
export function randomCode(): string {
  return String(randomInt(0, 10 ** otpLength)).padStart(otpLength, '0');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// Crockford base32: no I, L, O, U, so keys survive being read aloud or retyped.
const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** GH-XXXX-XXXX-XXXX-XXXX: 80 random bits. */
export function randomLicenseKey(): string {
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (byte) => crockford[byte & 31]).join('');
  return `GH-${chars.match(/.{4}/g)?.join('-')}`;
}
