import type { DbOrTx } from '../../db/database.ts';
import type { Session, SessionsTable } from '../../db/schema.ts';

export async function insertSession(db: DbOrTx, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function findLiveSessionByHash(db: DbOrTx, tokenHash: string, now: string): Promise<Session | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .executeTakeFirst();
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

/** Ends every session of the account but one (a signed-in password change keeps its own). */
export async function deleteOtherSessions(db: DbOrTx, accountId: string, keepId: string): Promise<void> {
  await db.deleteFrom('sessions').where('account_id', '=', accountId).where('id', '!=', keepId).execute();
}
