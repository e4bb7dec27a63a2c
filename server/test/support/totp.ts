import { createHmac } from 'node:crypto';

// RFC 6238 written out again, on node:crypto alone: the tests compute an authenticator app's
// codes without the library the server uses, so a fault shared by both cannot pass unseen.

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, as the otpauth URI's secret is written (padding and case ignored). */
export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.toUpperCase().replace(/=+$/, '')) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The RFC 4226 code of one counter value: HMAC-SHA-1, dynamic truncation, `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The code an authenticator shows at `at` for a base32 secret; `steps` moves it by 30-second steps (a phone's clock off). */
export function totpAt(secret: string, at: Date, steps = 0): string {
  return hotp(base32Decode(secret), Math.floor(at.getTime() / 1000 / 30) + steps);
}
