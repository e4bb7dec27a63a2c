import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AdminScope, roleScopes } from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { findAccountById } from '../accounts/account.repository.ts';
import { hasSecondFactor } from '../auth/factors.ts';
import { type Actor, recordAction } from '../operators/operator-audit.ts';
import type { AdminPrincipal } from '../operators/operators.service.ts';
import { findOperatorRole } from '../operators/operators.service.ts';

// The console's own sessions (decision 062): an opaque cookie, its keyed hash in the database,
// nothing the browser could hand to anyone else. Each request resolves the operator afresh, so a
// role lowered, an operator revoked or an account disabled counts at the next call, as for an
// operator's token (decision 060).

/** How long a console session lasts at most, and without use. */
export const consoleSessionHours = 8;
export const consoleIdleMinutes = 30;
/** How recent the sign-in, or the last fresh proof, must be for a destructive action. */
export const freshProofMinutes = 5;
/** The header a console write sends the session's token in. */
export const csrfHeader = 'x-csrf-token';

type SessionDeps = Pick<Deps, 'db' | 'clock' | 'secrets'>;

export function consoleCookieName(adminOrigin: string): string {
  return adminOrigin.startsWith('https:') ? '__Host-gatehouse_console' : 'gatehouse_console';
}

export function consoleCookieOptions(adminOrigin: string) {
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: adminOrigin.startsWith('https:') };
}

function keyOf(secrets: SessionDeps['secrets'], token: string): string {
  return createHmac('sha256', secrets.subKey('console session')).update(token).digest('base64url');
}

/** Starts a console session for an operator who signed in; answers the cookie's value. */
export async function startConsoleSession(
  deps: SessionDeps,
  input: { accountId: string; sessionId: string; amr: string[]; provedAt: Date; actor: Actor },
): Promise<string> {
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  await deps.db.deleteFrom('console_sessions').where('expires_at', '<', iso(now)).execute();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('console_sessions')
      .values({
        key: keyOf(deps.secrets, token),
        account_id: input.accountId,
        session_id: input.sessionId,
        csrf: randomBytes(24).toString('base64url'),
        amr: input.amr.join(' '),
        created_at: iso(now),
        proved_at: iso(input.provedAt),
        last_seen_at: iso(now),
        expires_at: iso(new Date(now.getTime() + consoleSessionHours * 3_600_000)),
      })
      .execute();
    await recordAction(trx, deps.secrets, {
      type: 'console_signed_in',
      accountId: input.accountId,
      actor: input.actor,
      reason: null,
      detail: { amr: input.amr },
      at: iso(now),
    });
  });
  return token;
}

export interface ConsoleSession {
  key: string;
  csrf: string;
  provedAt: string;
  principal: AdminPrincipal;
  account: { id: string; email: string };
  role: NonNullable<Awaited<ReturnType<typeof findOperatorRole>>>;
}

// Writing last use on every call would write on every read; once a minute is plenty.
const touchIntervalMs = 60_000;

/** The live console session behind a request's cookie, with the operator it acts as, or undefined. */
export async function consoleSessionOf(
  deps: SessionDeps,
  request: FastifyRequest,
  adminOrigin: string,
): Promise<ConsoleSession | undefined> {
  const token = request.cookies?.[consoleCookieName(adminOrigin)];
  if (!token || token.length > 100) return undefined;
  const key = keyOf(deps.secrets, token);
  const row = await deps.db.selectFrom('console_sessions').selectAll().where('key', '=', key).executeTakeFirst();
  const now = deps.clock.now();
  if (!row || row.expires_at <= iso(now) || now.getTime() - Date.parse(row.last_seen_at) > consoleIdleMinutes * 60_000) return undefined;
  const account = await findAccountById(deps.db, row.account_id);
  const role = account && !account.disabled_at ? await findOperatorRole(deps.db, account.id) : undefined;
  // Two factors for as long as the session lives: an operator who turns them off is out at once.
  if (!account || !role || !(await hasSecondFactor(deps.db, account.id))) return undefined;
  if (now.getTime() - Date.parse(row.last_seen_at) > touchIntervalMs) {
    await deps.db
      .updateTable('console_sessions')
      .set({ last_seen_at: iso(now) })
      .where('key', '=', key)
      .execute();
  }
  return {
    key,
    csrf: row.csrf,
    provedAt: row.proved_at,
    account: { id: account.id, email: account.email },
    role,
    principal: {
      actor: { kind: 'operator', id: account.id, name: account.email, ip: request.ip },
      scopes: new Set<AdminScope>(roleScopes[role]),
    },
  };
}

/** A write from the console carries the session's token in a header: a cookie alone, sent by a forged form, is refused. */
export function checkCsrf(session: ConsoleSession, request: FastifyRequest): void {
  const sent = request.headers[csrfHeader];
  const expected = Buffer.from(session.csrf);
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(403, 'console.csrf_invalid');
}

export function isFresh(deps: Pick<Deps, 'clock'>, session: Pick<ConsoleSession, 'provedAt'>): boolean {
  return deps.clock.now().getTime() - Date.parse(session.provedAt) <= freshProofMinutes * 60_000;
}

export async function markProved(deps: SessionDeps, session: ConsoleSession): Promise<string> {
  const at = iso(deps.clock.now());
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('console_sessions').set({ proved_at: at }).where('key', '=', session.key).execute();
    await recordAction(trx, deps.secrets, {
      type: 'console_proof_given',
      accountId: session.account.id,
      actor: session.principal.actor,
      reason: null,
      at,
    });
  });
  return at;
}

export async function endConsoleSession(deps: SessionDeps, key: string): Promise<void> {
  await deps.db.deleteFrom('console_sessions').where('key', '=', key).execute();
}

/**
 * The admin listener's own address: ADMIN_URL when a proxy publishes it, else the address it
 * listens on (a wildcard bind is reached on loopback). The console's redirect URI follows it.
 */
export function adminOriginOf(config: Config, address: ReturnType<import('node:net').Server['address']>): string {
  if (config.admin.url) return config.admin.url;
  const port = typeof address === 'object' && address ? address.port : config.admin.port;
  const host = typeof address === 'object' && address && !['0.0.0.0', '::'].includes(address.address) ? address.address : '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
