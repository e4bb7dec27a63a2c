import { createCipheriv, createDecipheriv, createHmac, hkdfSync, type KeyObject, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the server keeps secret from its own database (decision 014). */
export interface Secrets {
  /**
   * The stored form of a one-time code: an HMAC under the server key, bound to the token row
   * and its purpose, so a copy of the database gives no code back (a million guesses offline
   * need the key) and equal digits of two codes never make equal hashes.
   */
  codeDigest(tokenId: string, purpose: string, code: string): string;
  /** Encrypts a mail body for the outbox (AES-256-GCM): links and codes are unreadable at rest. */
  seal(plain: string): string;
  /** Decrypts what seal made; older rows written before sealing pass through unchanged. */
  open(stored: string): string;
  /** A key derived for one purpose alone (HKDF), for features that seal or key their own values. */
  subKey(purpose: string): Buffer;
}

const sealedPrefix = 'v1.';

/**
 * What tells two keys apart without telling anything of either: an HMAC under a key derived
 * for this purpose alone, so the stored fingerprint helps no one forge a code or open a mail.
 */
export function keyFingerprint(key: string): string {
  const fingerprintKey = Buffer.from(hkdfSync('sha256', key, 'gatehouse', 'key fingerprint', 32));
  return createHmac('sha256', fingerprintKey).update('gatehouse server key').digest('base64url').slice(0, 22);
}

export function createSecrets(key: string): Secrets {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', key, 'gatehouse', purpose, 32));
  const codeKey = derive('one-time code digest');
  const mailKey = derive('mail outbox body');
  return {
    codeDigest: (tokenId, purpose, code) => createHmac('sha256', codeKey).update(`${purpose}\n${tokenId}\n${code}`).digest('base64url'),
    seal: (plain) => (plain === '' ? '' : sealWith(mailKey, plain)),
    open: (stored) => (stored.startsWith(sealedPrefix) ? openWith(mailKey, stored) : stored),
    subKey: derive,
  };
}

/** AES-256-GCM under `key`: the IV, the tag and the text, base64url, behind a version prefix. */
export function sealWith(key: Buffer | KeyObject, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${sealedPrefix}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Opens what sealWith made under the same key; throws on any other value. */
export function openWith(key: Buffer | KeyObject, stored: string): string {
  const raw = Buffer.from(stored.slice(sealedPrefix.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * SECRET_KEY, or the key kept in `<dataDir>/secret-key` (mode 0600), made on the first start.
 * Several instances must share one key: set SECRET_KEY for them (README).
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string): { key: string; generated: boolean } {
  if (configured) return { key: configured, generated: false };
  const file = join(dataDir, 'secret-key');
  const existing = readKey(file);
  if (existing) return { key: existing, generated: false };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    // 'wx': of two instances starting at once, one writes and the other reads its key.
    writeFileSync(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = readKey(file);
    if (!written) throw new Error(`${file} is empty: remove it, or set SECRET_KEY`);
    return { key: written, generated: false };
  }
  chmodSync(file, 0o600);
  return { key, generated: true };
}

/** The kept key, waiting a moment for another instance that is writing it; undefined when there is none. */
function readKey(file: string): string | undefined {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (text) return text;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
  return undefined;
}
