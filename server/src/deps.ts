import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Panel } from './db/schema.ts';
import type { SsoProviders } from './features/sso/sso.providers.ts';
import type { Clock } from './lib/clock.ts';
import type { Limits } from './lib/limits.ts';
import type { PasswordHasher } from './lib/password-hasher.ts';
import type { Secrets } from './lib/secrets.ts';

/** What every service may use; built once in app.ts and passed in, never imported as a global. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  limits: Limits;
  log: FastifyBaseLogger;
  /** Wakes the outbox workers (mail and webhooks) after a commit that wrote to them. */
  mailWritten(): void;
  /** Keyed code digests and sealed mail bodies, under SECRET_KEY (decision 014). */
  secrets: Secrets;
  /** The configured OpenID providers. */
  sso: SsoProviders;
}

/** Who is calling, as far as the services need to know. */
export interface Caller {
  ip: string;
  userAgent: string | undefined;
  host: string;
  /** Set when the call comes from an active panel installation's page (an allowed CORS origin). */
  panelOrigin?: string;
  /**
   * The installation a call came from: its page, with its key (or its key alone, from a script).
   * Resolved once per request (`resolvePanel`, http/session.ts: by the guard of signed-in calls,
   * and by the routes of the seed's pre-sign-in panel calls); services read this, never a flag,
   * a key or the Origin (decision 036).
   */
  panel?: Panel;
  /**
   * What to give back if the server fails this call (a 5xx: the database busy or down): the
   * mail allowances it took before its mail was queued. The person's retry must not be refused
   * as one mail too many for a mail that never left. Refusals of their input keep it spent.
   */
  onServerFailure?: Array<() => Promise<void>>;
}
