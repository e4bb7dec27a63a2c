import type { Redis } from 'ioredis';
import { type IRateLimiterStoreOptions, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './errors.ts';

type Limiter = RateLimiterMemory | RateLimiterRedis;

export interface Limits {
  /** Before any mail-sending call: per address and purpose (1 a minute, 5 an hour) and per IP. */
  mailSend(purpose: 'verification' | 'reset' | 'invitation', email: string, ip: string): Promise<void>;
  /** Before any call that hashes a password: per IP. */
  hashing(ip: string): Promise<void>;
  /** Before a sign-in: refuses while the (account, IP) pair waits after repeated failures. */
  signinAllowed(email: string, ip: string): Promise<void>;
  signinFailed(email: string, ip: string): Promise<void>;
  signinSucceeded(email: string, ip: string): Promise<void>;
  /** Cheap lookups that could be used to probe (license previews): per IP. */
  lookup(ip: string): Promise<void>;
  /** One-time codes: at most 10 wrong tries an hour per address, across codes. */
  codeAllowed(email: string): Promise<void>;
  codeFailed(email: string): Promise<void>;
  // Teams
  /** Before an invitation mail (new or resent): per inviting account, on top of mailSend's limits. */
  invitationSend(accountId: string): Promise<void>;
}

export const limitDefaults = {
  mailPerAddressPerMinute: 1,
  mailPerAddressPerHour: 5,
  mailPerIpPer15Min: 30,
  hashingPerIpPer5Min: 100,
  lookupsPerIpPerMinute: 60,
  freeSigninFailures: 10,
  codeFailuresPerHour: 10,
  maxSigninDelaySeconds: 15 * 60,
  // Teams
  invitationsPerAccountPerHour: 60,
};

/** The wait after the n-th failure past the free ones: 5 s, 10 s, 20 s … up to 15 minutes. */
export function signinDelaySeconds(failures: number): number {
  const over = failures - limitDefaults.freeSigninFailures;
  return Math.min(5 * 2 ** over, limitDefaults.maxSigninDelaySeconds);
}

/** Rate limits, in memory per process, or shared by every instance through Redis. */
export function createLimits(redis?: Redis): Limits {
  const make = (keyPrefix: string, points: number, duration: number): Limiter => {
    const options: IRateLimiterStoreOptions = { keyPrefix: `gh:${keyPrefix}`, points, duration, storeClient: redis };
    return redis ? new RateLimiterRedis(options) : new RateLimiterMemory(options);
  };
  const d = limitDefaults;
  const perAddressMinute = make('mail-min', d.mailPerAddressPerMinute, 60);
  const perAddressHour = make('mail-hour', d.mailPerAddressPerHour, 3600);
  const mailPerIp = make('mail-ip', d.mailPerIpPer15Min, 900);
  const hashingPerIp = make('hash-ip', d.hashingPerIpPer5Min, 300);
  const lookups = make('lookup-ip', d.lookupsPerIpPerMinute, 60);
  const failures = make('signin-fail', 1_000_000, 3600);
  const waits = make('signin-wait', 1, d.maxSigninDelaySeconds);
  const codeFailures = make('code-fail', d.codeFailuresPerHour, 3600);
  const invitationsPerAccount = make('invite-account', d.invitationsPerAccountPerHour, 3600);

  async function consume(limiter: Limiter, key: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }
  const pair = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

  return {
    async mailSend(purpose, email, ip) {
      await consume(mailPerIp, ip);
      await consume(perAddressMinute, `${purpose}|${email.toLowerCase()}`);
      await consume(perAddressHour, `${purpose}|${email.toLowerCase()}`);
    },
    hashing: (ip) => consume(hashingPerIp, ip),
    lookup: (ip) => consume(lookups, ip),
    async signinAllowed(email, ip) {
      const wait = await waits.get(pair(email, ip));
      if (wait && wait.consumedPoints > 1 && wait.msBeforeNext > 0) throw tooManyRequests(wait.msBeforeNext / 1000);
    },
    async signinFailed(email, ip) {
      const result = await failures.penalty(pair(email, ip), 1);
      if (result.consumedPoints >= d.freeSigninFailures) {
        await waits.block(pair(email, ip), signinDelaySeconds(result.consumedPoints));
      }
    },
    async codeAllowed(email) {
      const used = await codeFailures.get(email.toLowerCase());
      if (used && used.consumedPoints >= d.codeFailuresPerHour) throw tooManyRequests(used.msBeforeNext / 1000);
    },
    async codeFailed(email) {
      await codeFailures.penalty(email.toLowerCase(), 1);
    },
    async signinSucceeded(email, ip) {
      await Promise.all([failures.delete(pair(email, ip)), waits.delete(pair(email, ip))]);
    },
    // Teams
    invitationSend: (accountId) => consume(invitationsPerAccount, accountId),
  };
}
