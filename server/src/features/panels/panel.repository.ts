import type { DbOrTx } from '../../db/database.ts';
import type { Panel } from '../../db/schema.ts';

/** An installation whose key still works: revoking one stops its key at once. */
export function findActivePanelByKeyHash(db: DbOrTx, apiKeyHash: string): Promise<Panel | undefined> {
  return db.selectFrom('panels').selectAll().where('api_key_hash', '=', apiKeyHash).where('revoked_at', 'is', null).executeTakeFirst();
}

export async function revokePanel(db: DbOrTx, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('panels')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Links a panel user to an account; a panel user already linked keeps its account. */
export async function linkPanelUser(
  db: DbOrTx,
  link: { panelId: string; panelUserId: string; accountId: string; now: string },
): Promise<void> {
  await db
    .insertInto('panel_accounts')
    .values({ panel_id: link.panelId, panel_user_id: link.panelUserId, account_id: link.accountId, created_at: link.now })
    .onConflict((oc) => oc.columns(['panel_id', 'panel_user_id']).doNothing())
    .execute();
}
