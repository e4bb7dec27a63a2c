import { compiledOnce } from '../../db/compiled-query.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, License, Session, SessionsTable } from '../../db/schema.ts';

export async function insertSession(db: DbOrTx, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

const sessionLookup = compiledOnce((db: DbOrTx, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    // At most one: a unique index on licenses.account_id.
    .leftJoin('licenses', 'licenses.account_id', 'accounts.id')
    .selectAll('accounts')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash as session_token_hash',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.idle_expires_at as session_idle_expires_at',
      'sessions.absolute_expires_at as session_absolute_expires_at',
      'sessions.ip as session_ip',
      'sessions.user_agent as session_user_agent',
      'licenses.id as license_id',
      'licenses.key_hash as license_key_hash',
      'licenses.key_suffix as license_key_suffix',
      'licenses.plan as license_plan',
      'licenses.kind as license_kind',
      'licenses.panel_id as license_panel_id',
      'licenses.revoked_at as license_revoked_at',
      'licenses.expires_at as license_expires_at',
      'licenses.activated_at as license_activated_at',
      'licenses.created_at as license_created_at',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('team_members')
            .select('team_members.id')
            .whereRef('team_members.account_id', '=', 'accounts.id')
            .where('team_members.role', '<>', 'owner'),
        )
        .as('joined_teams'),
    )
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.idle_expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now),
);

/** A live session with its account, what GET /session shows beside them read in the same statement. */
export interface LiveSession {
  session: Session;
  account: Account;
  /** The account's own license, if it has one. */
  license: License | null;
  /** Whether the account is a member of another team than its own (whose license may then apply). */
  joinedTeams: boolean;
}

/**
 * A live session, its account, the account's license and whether it joined other teams, in one
 * statement: every signed-in call starts with it, and GET /session needs no other for an account
 * that joined no team (compiled once, decision 028).
 */
export async function findLiveSessionWithAccount(db: DbOrTx, tokenHash: string, now: string): Promise<LiveSession | undefined> {
  const [row] = await sessionLookup(db, tokenHash, now);
  if (!row) return undefined;
  const {
    session_id,
    session_token_hash,
    session_created_at,
    session_last_seen_at,
    session_idle_expires_at,
    session_absolute_expires_at,
    session_ip,
    session_user_agent,
    license_id,
    license_key_hash,
    license_key_suffix,
    license_plan,
    license_kind,
    license_panel_id,
    license_revoked_at,
    license_expires_at,
    license_activated_at,
    license_created_at,
    joined_teams,
    ...account
  } = row;
  const session: Session = {
    id: session_id,
    token_hash: session_token_hash,
    account_id: account.id,
    created_at: session_created_at,
    last_seen_at: session_last_seen_at,
    idle_expires_at: session_idle_expires_at,
    absolute_expires_at: session_absolute_expires_at,
    ip: session_ip,
    user_agent: session_user_agent,
  };
  const license: License | null =
    license_id === null
      ? null
      : {
          id: license_id,
          key_hash: license_key_hash as string,
          key_suffix: license_key_suffix as string,
          plan: license_plan as string,
          kind: license_kind as License['kind'],
          panel_id: license_panel_id,
          revoked_at: license_revoked_at,
          expires_at: license_expires_at,
          account_id: account.id,
          activated_at: license_activated_at,
          created_at: license_created_at as string,
        };
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  return { session, account, license, joinedTeams: Boolean(joined_teams) };
}

export function listLiveSessions(db: DbOrTx, accountId: string, now: string): Promise<Session[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

export async function touchSession(db: DbOrTx, id: string, lastSeenAt: string, idleExpiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteAccountSessions(db: DbOrTx, accountId: string): Promise<void> {
  await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
}

export async function deleteExpiredSessions(db: DbOrTx, now: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .execute();
}

/** Ends every session of the account but one (a signed-in password change keeps its own); returns how many ended. */
export async function deleteOtherSessions(db: DbOrTx, accountId: string, keepId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('account_id', '=', accountId).where('id', '!=', keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
