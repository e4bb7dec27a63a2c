import type { Db, DbOrTx } from '../../db/database.ts';
import type { Panel } from '../../db/schema.ts';
import { type Clock, iso } from '../../lib/clock.ts';
import { newId, randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { findActivePanelByKeyHash, insertPanel, listPanels, panelHasOrigin, revokePanel } from './panel.repository.ts';

/** Registers a hosting-panel installation; its apiKey is returned once and only its hash kept. */
export async function createPanel(db: Db, clock: Clock, input: { name: string; platform: 'cpanel' | 'plesk'; origins: string[] }) {
  const origins = [
    ...new Set(
      input.origins.map((origin) => {
        const url = new URL(origin);
        if (url.origin !== origin.replace(/\/$/, '')) throw new Error(`an origin is scheme://host[:port] only: ${origin}`);
        return url.origin;
      }),
    ),
  ];
  const id = newId();
  const apiKey = `ghp_${randomToken()}`;
  await db.transaction().execute(async (trx) => {
    await insertPanel(
      trx,
      {
        id,
        name: input.name,
        platform: input.platform,
        api_key_hash: sha256(apiKey),
        origins: JSON.stringify(origins),
        created_at: iso(clock.now()),
        revoked_at: null,
      },
      origins,
    );
  });
  return { id, name: input.name, platform: input.platform, origins, apiKey };
}

/**
 * The installation behind an apiKey. It identifies a registered panel and never authenticates
 * anybody by itself: a password or a one-time code always does. A call made from a panel's page
 * (`origin`, already allowed by CORS) must carry that panel's own key, not another's.
 */
export async function requirePanel(db: DbOrTx, apiKey: string | undefined, origin?: string): Promise<Panel> {
  const panel = apiKey ? await findActivePanelByKeyHash(db, sha256(apiKey)) : undefined;
  if (!panel || (origin !== undefined && !(await panelHasOrigin(db, panel.id, origin)))) throw panelKeyRefused();
  return panel;
}

/** The one answer to a call that names no active installation, or not the one of its page. */
export const panelKeyRefused = () => new AppError(401, 'panel.invalid_key', { fields: { apiKey: 'panel.invalid_key' } });

/** Every installation with its origins (the admin CLI); never a key. */
export async function listInstallations(db: Db) {
  return (await listPanels(db)).map((row) => ({ ...row, origins: JSON.parse(row.origins) as string[] }));
}

/** Revokes an installation at once: every check of its key and origins reads the database. */
export function revokeInstallation(db: Db, clock: Clock, id: string): Promise<boolean> {
  return revokePanel(db, id, iso(clock.now()));
}
