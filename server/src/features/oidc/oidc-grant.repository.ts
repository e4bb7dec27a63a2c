import type { DbOrTx } from '../../db/database.ts';
import type { OidcGrantsTable } from '../../db/oidc-schema.ts';

export async function insertGrant(db: DbOrTx, row: OidcGrantsTable): Promise<void> {
  await db.insertInto('oidc_grants').values(row).execute();
}

/** The Gatehouse session a grant was made in, while both live (how it was proved: its amr); marks the grant used. */
export async function liveGrantSession(db: DbOrTx, grantKey: string, now: string): Promise<{ amr: string } | undefined> {
  const row = await db
    .selectFrom('oidc_grants')
    .innerJoin('sessions', 'sessions.id', 'oidc_grants.session_id')
    .select(['oidc_grants.grant_key', 'sessions.amr'])
    .where('oidc_grants.grant_key', '=', grantKey)
    .where('sessions.idle_expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  await db.updateTable('oidc_grants').set({ last_used_at: now }).where('grant_key', '=', grantKey).execute();
  return { amr: row.amr };
}
