import type { DbOrTx } from '../../db/database.ts';
import type { OidcGrantsTable } from '../../db/oidc-schema.ts';

export async function insertGrant(db: DbOrTx, row: OidcGrantsTable): Promise<void> {
  await db.insertInto('oidc_grants').values(row).execute();
}

/** Whether the grant exists and the Gatehouse session it was made in is still live; marks it used. */
export async function isGrantLive(db: DbOrTx, grantKey: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_grants')
    .innerJoin('sessions', 'sessions.id', 'oidc_grants.session_id')
    .select('oidc_grants.grant_key')
    .where('oidc_grants.grant_key', '=', grantKey)
    .where('sessions.idle_expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return false;
  await db.updateTable('oidc_grants').set({ last_used_at: now }).where('grant_key', '=', grantKey).execute();
  return true;
}
