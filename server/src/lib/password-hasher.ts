import { normalizePassword } from '@gatehouse/contract';
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { Semaphore } from './semaphore.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends one verification on nothing, so unknown e-mails cost what known ones do. */
  verifyDummy(password: string): Promise<void>;
  needsRehash(hash: string): boolean;
}

/**
 * argon2id on libuv's thread pool (off the event loop), with a cap on hashes in flight: each
 * takes ~19 MiB, so a burst waits briefly for a slot and is then refused with 503. Passwords are
 * hashed and checked after NFKC (NIST SP 800-63B), so the same password typed on another
 * keyboard or pasted from another system still matches.
 */
export function createPasswordHasher(config: Pick<Config, 'argon2' | 'hashing'>): PasswordHasher {
  const options = { ...config.argon2, algorithm: 2 as const /* Argon2id */ };
  const slots = new Semaphore(config.hashing.concurrency);
  const prefix = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;
  let dummyHash: Promise<string> | undefined;

  async function limited<T>(work: () => Promise<T>): Promise<T> {
    const release = await slots.acquire(config.hashing.queueTimeoutMs);
    if (!release) throw new AppError(503, 'server.busy', { retryAfter: 1 });
    try {
      return await work();
    } finally {
      release();
    }
  }

  return {
    hash: (password) => limited(() => hash(normalizePassword(password), options)),
    verify: (stored, password) => limited(() => verify(stored, normalizePassword(password))),
    async verifyDummy(password) {
      dummyHash ??= hash('gatehouse-dummy-password', options);
      const stored = await dummyHash;
      await limited(() => verify(stored, normalizePassword(password)));
    },
    needsRehash: (stored) => !stored.startsWith(prefix),
  };
}
