import { isIP } from 'node:net';
import type { Redis } from 'ioredis';
import { type IRateLimiterStoreOptions, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './errors.ts';

type Limiter = RateLimiterMemory | RateLimiterRedis;

export interface Limits {
  /**
   * Before any mail-sending call: per address and purpose (1 a minute, 5 an hour) and per IP.
   * Answers the way to give this mail's allowance back, for a call the server fails before the
   * mail is queued (see `Caller.onServerFailure`).
   */
  mailSend(purpose: 'verification' | 'reset' | 'invitation', email: string, ip: string): Promise<() => Promise<void>>;
  /** Before any call that hashes a password: per IP. */
  hashing(ip: string): Promise<void>;
  /** Before a sign-in: refuses while the (account, IP) pair waits after repeated failures. */
  signinAllowed(email: string, ip: string): Promise<void>;
  signinFailed(email: string, ip: string): Promise<void>;
  signinSucceeded(email: string, ip: string): Promise<void>;
  /** Cheap lookups that could be used to probe (license previews): per IP. */
  lookup(ip: string): Promise<void>;
  /**
   * One try of a one-time code, counted before the code is judged (no check-then-count race):
   * per IP across addresses, per (address, IP) 10 an hour, and per address a higher ceiling,
   * so a stranger elsewhere cannot use up the owner's tries. Unknown addresses count alike.
   */
  codeTry(email: string, ip: string): Promise<void>;
  // Per-account cap (issue: distributed guessing), keyed by address so that unknown addresses
  // trip alike and the answer tells nobody whether an account exists.
  /** True while the address's run of failed sign-ins, from any client, is at the cap. */
  accountPaused(email: string): Promise<boolean>;
  /** Counts one failed sign-in of the address, whatever its origin; `tripped` only for the one that reaches the cap. */
  accountFailed(email: string): Promise<{ failures: number; tripped: boolean }>;
  /** A successful sign-in or a new password ends the run. */
  accountCleared(email: string): Promise<void>;
  /** Where the address's run stands, for the operator's health card: failures counted, and until when it is paused. */
  accountRun(email: string): Promise<{ failures: number; paused: boolean; until: Date | null }>;
  /** Every OpenID callback: per IP, like the sign-ins it stands for. */
  ssoCallback(ip: string): Promise<void>;
  /** Before an invitation mail (new or resent): per inviting account, on top of mailSend's limits. */
  invitationSend(accountId: string): Promise<void>;
  /**
   * Each call of the OpenID token endpoint, per IP; and per client whatever its address, checked
   * here but counted by the function returned, called once the client has proved itself: a
   * stranger naming an app (with a wrong secret) cannot spend that app's budget.
   */
  tokenRequest(ip: string, clientId: string | undefined): Promise<() => Promise<void>>;
}

export const limitDefaults = {
  mailPerAddressPerMinute: 1,
  mailPerAddressPerHour: 5,
  mailPerIpPer15Min: 30,
  hashingPerIpPer5Min: 100,
  lookupsPerIpPerMinute: 60,
  freeSigninFailures: 10,
  codeTriesPerAddressAndIpPerHour: 10,
  codeTriesPerAddressPerHour: 30,
  codeTriesPerIpPer15Min: 100,
  maxSigninDelaySeconds: 15 * 60,
  /** NIST SP 800-63B 5.2.2: at most 100 consecutive failures per account (ACCOUNT_SIGNIN_FAILURES). */
  accountSigninFailures: 100,
  /**
   * A run of failures is counted over at most 20 days from its first failure, and a tripped
   * address stays paused 20 days from the trip unless the owner resets the password first.
   * (Timers past 24.8 days overflow in Node: the in-memory store could not hold longer.)
   */
  accountPauseDays: 20,
  ssoCallbacksPerIpPer15Min: 30,
  invitationsPerAccountPerHour: 60,
  // An app's server refreshes for all its users from one address: the limits are for a stolen
  // secret or a runaway loop, far above what a dashboard's refreshes need.
  tokenRequestsPerIpPerMinute: 600,
  tokenRequestsPerClientPerMinute: 3000,
};

/** The wait after the n-th failure past the free ones: 5 s, 10 s, 20 s … up to 15 minutes. */
export function signinDelaySeconds(failures: number): number {
  const over = failures - limitDefaults.freeSigninFailures;
  return Math.min(5 * 2 ** over, limitDefaults.maxSigninDelaySeconds);
}

/**
 * The key of a client address for per-IP limits. An IPv6 client usually holds a whole /64
 * (one customer line, one host with privacy addresses), so IPv6 addresses count by their /64;
 * an IPv4-mapped IPv6 address counts as the IPv4 address.
 */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** Rate limits, in memory per process, or shared by every instance through Redis. */
export function createLimits(redis?: Redis, options: { accountSigninFailures?: number } = {}): Limits {
  const make = (keyPrefix: string, points: number, duration: number): Limiter => {
    const options: IRateLimiterStoreOptions = { keyPrefix: `gh:${keyPrefix}`, points, duration, storeClient: redis };
    return redis ? new RateLimiterRedis(options) : new RateLimiterMemory(options);
  };
  const d = limitDefaults;
  const accountCap = options.accountSigninFailures ?? d.accountSigninFailures;
  const perAddressMinute = make('mail-min', d.mailPerAddressPerMinute, 60);
  const perAddressHour = make('mail-hour', d.mailPerAddressPerHour, 3600);
  const mailPerIp = make('mail-ip', d.mailPerIpPer15Min, 900);
  const hashingPerIp = make('hash-ip', d.hashingPerIpPer5Min, 300);
  const lookups = make('lookup-ip', d.lookupsPerIpPerMinute, 60);
  const failures = make('signin-fail', 1_000_000, 3600);
  const waits = make('signin-wait', 1, d.maxSigninDelaySeconds);
  const codePerIp = make('code-ip', d.codeTriesPerIpPer15Min, 900);
  const codePerPair = make('code-pair', d.codeTriesPerAddressAndIpPerHour, 3600);
  const codePerAddress = make('code-address', d.codeTriesPerAddressPerHour, 3600);
  const accountFailures = make('account-fail', 1_000_000, d.accountPauseDays * 86_400);
  const ssoCallbacks = make('sso-ip', d.ssoCallbacksPerIpPer15Min, 900);
  const invitationsPerAccount = make('invite-account', d.invitationsPerAccountPerHour, 3600);
  const tokensPerIp = make('token-ip', d.tokenRequestsPerIpPerMinute, 60);
  const tokensPerClient = make('token-client', d.tokenRequestsPerClientPerMinute, 60);

  async function consume(limiter: Limiter, key: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }
  const address = (email: string) => email.toLowerCase();
  const pair = (email: string, ip: string) => `${address(email)}|${ipKey(ip)}`;

  return {
    async mailSend(purpose, email, ip) {
      await consume(mailPerIp, ipKey(ip));
      await consume(perAddressMinute, `${purpose}|${address(email)}`);
      await consume(perAddressHour, `${purpose}|${address(email)}`);
      return async () => {
        await Promise.all([
          mailPerIp.reward(ipKey(ip), 1),
          perAddressMinute.reward(`${purpose}|${address(email)}`, 1),
          perAddressHour.reward(`${purpose}|${address(email)}`, 1),
        ]);
      };
    },
    hashing: (ip) => consume(hashingPerIp, ipKey(ip)),
    lookup: (ip) => consume(lookups, ipKey(ip)),
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
    async signinSucceeded(email, ip) {
      await Promise.all([failures.delete(pair(email, ip)), waits.delete(pair(email, ip))]);
    },
    async codeTry(email, ip) {
      await consume(codePerIp, ipKey(ip));
      await consume(codePerPair, pair(email, ip));
      await consume(codePerAddress, address(email));
    },
    async accountPaused(email) {
      const run = await accountFailures.get(address(email));
      return (run?.consumedPoints ?? 0) >= accountCap;
    },
    async accountFailed(email) {
      // One atomic increment (INCR on Redis): of concurrent failures exactly one reaches the cap.
      const run = await accountFailures.penalty(address(email), 1);
      const tripped = run.consumedPoints === accountCap;
      if (tripped) await accountFailures.block(address(email), d.accountPauseDays * 86_400);
      return { failures: run.consumedPoints, tripped };
    },
    async accountCleared(email) {
      await accountFailures.delete(address(email));
    },
    async accountRun(email) {
      const run = await accountFailures.get(address(email));
      const failures = run?.consumedPoints ?? 0;
      const paused = failures >= accountCap;
      return { failures, paused, until: paused && run ? new Date(Date.now() + run.msBeforeNext) : null };
    },
    ssoCallback: (ip) => consume(ssoCallbacks, ipKey(ip)),
    invitationSend: (accountId) => consume(invitationsPerAccount, accountId),
    async tokenRequest(ip, clientId) {
      await consume(tokensPerIp, ipKey(ip));
      if (!clientId) return async () => {};
      const spent = await tokensPerClient.get(clientId);
      if (spent && spent.consumedPoints >= d.tokenRequestsPerClientPerMinute) throw tooManyRequests(spent.msBeforeNext / 1000);
      return async () => {
        await tokensPerClient.penalty(clientId, 1);
      };
    },
  };
}
