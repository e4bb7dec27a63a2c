import { normalizePassword } from '@gatehouse/contract';
import { Piscina } from 'piscina';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import type { PasswordTask } from './password-thread.ts';
import { Semaphore } from './semaphore.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends one verification on nothing, so unknown e-mails cost what known ones do. */
  verifyDummy(password: string): Promise<void>;
  needsRehash(hash: string): boolean;
}

/**
 * How much lower than the event loop's the argon2id threads' CPU priority is (nice(2); Linux,
 * macOS and Windows): on a machine whose cores the hashes fill, the event loop still gets the
 * CPU it asks for, so signed-in calls keep their pace while sign-ins run (decision 063). Hashing
 * gets all the rest: an idle event loop takes nothing from it.
 */
export const hashingNiceIncrement = 5;

// Threads that stay this long after their last hash: a steady trickle of sign-ins never pays a
// thread's start, an idle server keeps none (they never hold the process open either).
const threadIdleMs = 60_000;

// One pool per size for the whole process: every app built in it (tests build many) shares the
// threads instead of starting its own.
const pools = new Map<number, Piscina<PasswordTask, string | boolean>>();

function poolOf(size: number): Piscina<PasswordTask, string | boolean> {
  let pool = pools.get(size);
  if (!pool) {
    pool = new Piscina({
      filename: new URL('./password-thread.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: size,
      idleTimeout: threadIdleMs,
      niceIncrement: hashingNiceIncrement,
      // Nobody reads the pool's run and wait histograms: not recorded per task.
      recordTiming: false,
    });
    pools.set(size, pool);
  }
  return pool;
}

/**
 * argon2id on threads of its own (off the event loop, below its priority), with a cap on hashes
 * in flight: each takes ~19 MiB, so a burst waits briefly for a slot and is then refused with
 * 503. Passwords are hashed and checked after NFKC (NIST SP 800-63B), so the same password typed
 * on another keyboard or pasted from another system still matches.
 */
export function createPasswordHasher(config: Pick<Config, 'argon2' | 'hashing'>): PasswordHasher {
  const options = { ...config.argon2, algorithm: 2 as const /* Argon2id */ };
  const slots = new Semaphore(config.hashing.concurrency);
  const pool = poolOf(config.hashing.concurrency);
  const hash = async (password: string) => (await pool.run({ kind: 'hash', password, options })) as string;
  const verify = async (stored: string, password: string) => (await pool.run({ kind: 'verify', stored, password })) === true;
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
    hash: (password) => limited(() => hash(normalizePassword(password))),
    verify: (stored, password) => limited(() => verify(stored, normalizePassword(password))),
    async verifyDummy(password) {
      dummyHash ??= hash('gatehouse-dummy-password');
      const stored = await dummyHash;
      await limited(() => verify(stored, normalizePassword(password)));
    },
    needsRehash: (stored) => !stored.startsWith(prefix),
  };
}
