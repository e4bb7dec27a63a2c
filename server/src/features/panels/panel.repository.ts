import type { DbOrTx } from '../../db/database.ts';
import type { Panel, PanelsTable } from '../../db/schema.ts';
import { stampOnce } from '../../db/stamp-once.ts';

/** An installation whose key still works: revoking one stops its key at once. */
export function findActivePanelByKeyHash(db: DbOrTx, apiKeyHash: string): Promise<Panel | undefined> {
  return db.selectFrom('panels').selectAll().where('api_key_hash', '=', apiKeyHash).where('revoked_at', 'is', null).executeTakeFirst();
}

export async function insertPanel(db: DbOrTx, panel: PanelsTable, origins: string[]): Promise<void> {
  await db.insertInto('panels').values(panel).execute();
  if (origins.length > 0)
    await db
      .insertInto('panel_origins')
      .values(origins.map((origin) => ({ panel_id: panel.id, origin })))
      .execute();
}

/** True when an active installation serves its pages from this exact origin. */
export async function isActivePanelOrigin(db: DbOrTx, origin: string): Promise<boolean> {
  const row = await db
    .selectFrom('panel_origins')
    .innerJoin('panels', 'panels.id', 'panel_origins.panel_id')
    .select('panels.id')
    .where('panel_origins.origin', '=', origin)
    .where('panels.revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function panelHasOrigin(db: DbOrTx, panelId: string, origin: string): Promise<boolean> {
  const row = await db
    .selectFrom('panel_origins')
    .select('panel_id')
    .where('panel_id', '=', panelId)
    .where('origin', '=', origin)
    .executeTakeFirst();
  return row !== undefined;
}

export function listPanels(db: DbOrTx) {
  return db.selectFrom('panels').select(['id', 'name', 'platform', 'origins', 'created_at', 'revoked_at']).orderBy('created_at').execute();
}

export async function revokePanel(db: DbOrTx, id: string, now: string): Promise<boolean> {
  return stampOnce(db, 'panels', 'revoked_at', now, { id });
}

/**
 * Links a panel user to an account. A sign-up keeps an existing link; a password sign-in
 * (`replace`) points the panel user at the account that just proved itself. The userId comes
 * from the browser, so a link is a convenience, never a credential: the last password sign-in
 * wins, and nobody can lock the real owner out by linking the id first (decision 009).
 */
export async function linkPanelUser(
  db: DbOrTx,
  link: { panelId: string; panelUserId: string; accountId: string; now: string },
  { replace = false } = {},
): Promise<void> {
  await db
    .insertInto('panel_accounts')
    .values({ panel_id: link.panelId, panel_user_id: link.panelUserId, account_id: link.accountId, created_at: link.now })
    .onConflict((oc) => {
      const conflict = oc.columns(['panel_id', 'panel_user_id']);
      return replace ? conflict.doUpdateSet({ account_id: link.accountId, created_at: link.now }) : conflict.doNothing();
    })
    .execute();
}

/** True when the account is linked to some user of this installation. */
export async function isPanelAccount(db: DbOrTx, panelId: string, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('panel_accounts')
    .select('panel_id')
    .where('panel_id', '=', panelId)
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
