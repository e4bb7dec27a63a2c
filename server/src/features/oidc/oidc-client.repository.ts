import { compiledOnce } from '../../db/compiled-query.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { OidcClientsTable } from '../../db/oidc-schema.ts';
import { stampOnce } from '../../db/stamp-once.ts';

const activeClient = compiledOnce((db: DbOrTx, id: string) =>
  db.selectFrom('oidc_clients').selectAll().where('id', '=', id).where('revoked_at', 'is', null),
);

/** A client that is not revoked; every token request and userinfo call asks (compiled once). */
export async function findActiveClient(db: DbOrTx, id: string) {
  return (await activeClient(db, id))[0];
}

export async function insertClient(db: DbOrTx, row: OidcClientsTable): Promise<void> {
  await db.insertInto('oidc_clients').values(row).execute();
}

export function listClients(db: DbOrTx) {
  return db.selectFrom('oidc_clients').selectAll().orderBy('created_at').execute();
}

export async function updateClientMetadata(db: DbOrTx, id: string, metadata: string): Promise<void> {
  await db.updateTable('oidc_clients').set({ metadata }).where('id', '=', id).execute();
}

/** Revokes the client and ends everything it was given: codes, tokens, grants. */
export async function revokeClient(db: DbOrTx, id: string, now: string): Promise<boolean> {
  const revoked = await stampOnce(db, 'oidc_clients', 'revoked_at', now, { id });
  await db.deleteFrom('oidc_payloads').where('client_id', '=', id).execute();
  await db.deleteFrom('oidc_grants').where('client_id', '=', id).execute();
  return revoked;
}
