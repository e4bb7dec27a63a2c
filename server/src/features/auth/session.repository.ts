import { compiledOnce } from '../../db/compiled-query.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, Session, SessionsTable } from '../../db/schema.ts';

export async function insertSession(db: DbOrTx, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

const sessionLookup = compiledOnce((db: DbOrTx, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
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
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.idle_expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now),
);

/** A live session and its account in one query: every signed-in call starts with it (compiled once). */
export async function findLiveSessionWithAccount(
  db: DbOrTx,
  tokenHash: string,
  now: string,
): Promise<{ session: Session; account: Account } | undefined> {
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
  return { session, account };
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
