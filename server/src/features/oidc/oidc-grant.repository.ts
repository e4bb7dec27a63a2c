import type { DbOrTx } from '../../db/database.ts';
import type { OidcGrantsTable } from '../../db/oidc-schema.ts';

export async function insertGrant(db: DbOrTx, row: OidcGrantsTable): Promise<void> {
  await db.insertInto('oidc_grants').values(row).execute();
}

/** The app's last use of a grant, as connected apps show it. */
export async function markGrantUsed(db: DbOrTx, grantKey: string, now: string): Promise<void> {
  await db.updateTable('oidc_grants').set({ last_used_at: now }).where('grant_key', '=', grantKey).execute();
}
