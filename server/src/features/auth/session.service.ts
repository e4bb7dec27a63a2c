import type { SessionView } from '@gatehouse/contract';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Account, Session } from '../../db/schema.ts';
import { addMs, type Clock, iso } from '../../lib/clock.ts';
import { newId, randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuthEventType, recordAuthEvent } from '../audit/audit.repository.ts';
import { type AfterSecondFactor, openChallenge } from './challenge.repository.ts';
import { type Amr, amrColumn, provesTwoFactors, signinEventOf } from './proof.ts';
import {
  findLiveSession,
  insertSession,
  type LiveSession,
  listLiveSessions,
  lockAccountForWayIn,
  touchSession,
} from './session.repository.ts';
import { describeUserAgent } from './user-agent.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

interface SessionDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'session'>;
}

/**
 * What `startSession` says when it will not start one: the account is disabled (403
 * `auth.account_disabled`, told only to whoever proved the way in), or its credential moved on
 * since the way in checked it (`stale`: 401 `auth.invalid_credentials`, a new password, "this was
 * not me"). One kind, so each way in maps it to its own answer (JSON through the error handler, a
 * redirect for single sign-on, nothing for the hand-over) without listing codes.
 */
export class SignInRefused extends AppError {
  declare readonly code: 'auth.account_disabled' | 'auth.invalid_credentials';
  readonly stale: boolean;
  constructor(reason: 'disabled' | 'stale') {
    super(reason === 'disabled' ? 403 : 401, reason === 'disabled' ? 'auth.account_disabled' : 'auth.invalid_credentials');
    this.stale = reason === 'stale';
  }
}

// Refreshing the idle expiry on every request would write on every read; once a minute is plenty.
const touchIntervalMs = 60_000;

/**
 * What a way in gets: a session, or for an account with a second factor that the way in did not
 * prove, a challenge that `POST /signin/two-factor` answers (decision 046). Each caller must
 * handle both, so no way in can hand out a session the second factor did not see.
 */
export type Started = { kind: 'session'; token: string; session: Session } | { kind: 'challenge'; challengeToken: string };

/**
 * Starts a session with a new random id (no fixation); returns the cookie value once. The one way
 * every sign-in path starts a session, and only for the credential it checked: under the account's
 * lock, an account disabled, deleted or given another credential since (its generation moved on)
 * gets none, and the session keeps the generation the session check compares (decision 029) and
 * what the way in proved (`amr`, decision 045). An account with a confirmed authenticator app gets a
 * challenge instead unless `amr` already holds two factors (decision 046). `until` caps the
 * absolute expiry: a session handed over from another one never outlives it (decision 049).
 */
async function startSession(
  db: DbOrTx,
  deps: Omit<SessionDeps, 'db'>,
  checked: Pick<Account, 'id' | 'credential_generation'>,
  client: ClientInfo,
  amr: readonly Amr[],
  options: { pending?: AfterSecondFactor; until?: string } = {},
): Promise<Started> {
  const { pending, until } = options;
  const locked = await lockAccountForWayIn(db, checked.id);
  // Every way in that proved the person ends here: a disabled account is told so, and only then (decision 051).
  if (locked?.account.disabled_at) throw new SignInRefused('disabled');
  if (!locked || locked.account.credential_generation !== checked.credential_generation) throw new SignInRefused('stale');
  const current = locked.account;
  if (!provesTwoFactors(amr) && locked.hasAuthenticator) {
    const challengeToken = await openChallenge(db, deps.clock, current, amr, pending);
    await recordAuthEvent(db, { accountId: current.id, type: 'two_factor_asked', ip: client.ip, at: iso(deps.clock.now()) });
    return { kind: 'challenge', challengeToken };
  }
  const accountId = current.id;
  const now = deps.clock.now();
  const token = randomToken();
  const absolute = iso(addMs(now, deps.config.session.absoluteMs));
  const session: Session = {
    id: newId(),
    token_hash: sha256(token),
    account_id: accountId,
    created_at: iso(now),
    last_seen_at: iso(now),
    idle_expires_at: iso(addMs(now, deps.config.session.idleMs)),
    absolute_expires_at: until !== undefined && until < absolute ? until : absolute,
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 512) ?? null,
    credential_generation: current.credential_generation,
    amr: amrColumn(amr),
  };
  await insertSession(db, session);
  return { kind: 'session', token, session };
}

/**
 * Where every way in finishes (decision 051): `/signin`, `/user/signin`, set-password, code
 * completion, single sign-on, a passkey, the second step, the panel hand-over and the password
 * change's new session all call it in their transaction. It starts the session or opens the
 * challenge (startSession), and once the last factor is in writes the sign-in's audit event,
 * named after what was proved (`signinEventOf`), or the one the way in names; `event: null` for
 * a way that records its own (a sign-up, a password write). A challenge is audited as asked,
 * never as a sign-in. The caller ends the runs of failures after its commit when it got a
 * session (`clearFailures`), and answers with `answerStarted`, which sets the cookie by kind.
 */
export async function finishWayIn(
  db: DbOrTx,
  deps: Omit<SessionDeps, 'db'>,
  checked: Pick<Account, 'id' | 'credential_generation'>,
  client: ClientInfo,
  amr: readonly Amr[],
  options: { pending?: AfterSecondFactor; until?: string; event?: AuthEventType | null } = {},
): Promise<Started> {
  const started = await startSession(db, deps, checked, client, amr, options);
  const event = options.event === undefined ? signinEventOf(amr) : options.event;
  if (started.kind === 'session' && event) {
    await recordAuthEvent(db, { accountId: checked.id, type: event, ip: client.ip, at: started.session.created_at });
  }
  return started;
}

/** The signed-in account behind a cookie value, or undefined. Disabled accounts have no session. */
export async function resolveSession(deps: SessionDeps, token: string): Promise<LiveSession | undefined> {
  const now = deps.clock.now();
  const found = await findLiveSession(deps.db, sha256(token), iso(now));
  if (!found || found.account.disabled_at) return undefined;
  const { session } = found;
  if (now.getTime() - Date.parse(session.last_seen_at) > touchIntervalMs) {
    const idle = addMs(now, deps.config.session.idleMs);
    await touchSession(deps.db, session.id, iso(now), iso(idle));
  }
  return found;
}

export async function listSessions(deps: SessionDeps, accountId: string, currentId: string): Promise<SessionView[]> {
  const sessions = await listLiveSessions(deps.db, accountId, iso(deps.clock.now()));
  return sessions.map((session) => ({
    id: session.id,
    current: session.id === currentId,
    createdAt: session.created_at,
    lastSeenAt: session.last_seen_at,
    // ISO timestamps sort as text: the earlier of the two expiries.
    expiresAt: [session.idle_expires_at, session.absolute_expires_at].sort()[0] ?? session.idle_expires_at,
    userAgent: session.user_agent,
    ...describeUserAgent(session.user_agent),
    ip: session.ip,
  }));
}
