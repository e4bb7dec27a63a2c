import type { DbOrTx } from '../../db/database.ts';
import { newId } from '../../lib/crypto.ts';

/** A logout owed to each app the sessions signed in to (called before the sessions are deleted). */
/** The distinct app sign-ins (sid) of these sessions. */
export async function grantSids(db: DbOrTx, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db.selectFrom('oidc_grants').select('sid').distinct().where('session_id', 'in', sessionIds).orderBy('sid').execute();
  return rows.map((row) => row.sid);
}

export async function queueLogouts(db: DbOrTx, sessionIds: string[], now: string): Promise<void> {
  if (sessionIds.length === 0) return;
  const grants = await db
    .selectFrom('oidc_grants')
    .select(['client_id', 'account_id', 'sid', 'issuer'])
    .where('session_id', 'in', sessionIds)
    .execute();
  await queueGrantLogouts(db, grants, now);
}

export async function queueGrantLogouts(
  db: DbOrTx,
  grants: Array<{ client_id: string; account_id: string; sid: string; issuer: string | null }>,
  now: string,
): Promise<void> {
  // One token per app sign-in (sid): the same sid may back several grants of one browser.
  const unique = new Map(grants.map((grant) => [`${grant.client_id} ${grant.sid}`, grant]));
  if (unique.size === 0) return;
  await db
    .insertInto('oidc_logout_outbox')
    .values(
      [...unique.values()].map((grant) => ({
        id: newId(),
        client_id: grant.client_id,
        issuer: grant.issuer,
        account_id: grant.account_id,
        sid: grant.sid,
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        created_at: now,
      })),
    )
    .execute();
}

export function findDueLogouts(db: DbOrTx, now: string, limit: number) {
  return db
    .selectFrom('oidc_logout_outbox')
    .selectAll()
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Claims one logout for delivery; false when another instance claimed it first. */
export async function claimLogout(db: DbOrTx, id: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('oidc_logout_outbox')
    .set({ locked_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function logoutFailed(db: DbOrTx, id: string, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
  await db
    .updateTable('oidc_logout_outbox')
    .set({ attempts, next_attempt_at: nextAttemptAt, locked_until: null, last_error: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

export async function deleteLogout(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('oidc_logout_outbox').where('id', '=', id).execute();
}
