import type { DbOrTx } from '../../db/database.ts';
import type { SsoFlow, SsoFlowsTable, SsoIdentitiesTable, SsoIdentity } from '../../db/schema.ts';

export async function insertFlow(db: DbOrTx, flow: SsoFlowsTable): Promise<void> {
  await db.insertInto('sso_flows').values(flow).execute();
}

/**
 * Takes a flow out of the table: exactly one callback gets it, however many race for it
 * (a replayed or double-submitted callback finds nothing).
 */
export async function takeFlow(db: DbOrTx, id: string): Promise<SsoFlow | undefined> {
  return db.deleteFrom('sso_flows').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Flows nobody finished: removed as new ones start, so the table stays small. */
export async function deleteExpiredFlows(db: DbOrTx, now: string): Promise<void> {
  await db.deleteFrom('sso_flows').where('expires_at', '<', now).execute();
}

export function findIdentity(db: DbOrTx, issuer: string, subject: string): Promise<SsoIdentity | undefined> {
  return db.selectFrom('sso_identities').selectAll().where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
}

export function listIdentities(db: DbOrTx, accountId: string): Promise<SsoIdentity[]> {
  return db.selectFrom('sso_identities').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
}

/** Inserts unless (issuer, subject) is already linked (a concurrent callback); true when inserted. */
export async function insertIdentity(db: DbOrTx, identity: SsoIdentitiesTable): Promise<boolean> {
  const inserted = await db
    .insertInto('sso_identities')
    .values(identity)
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function touchIdentity(db: DbOrTx, id: string, now: string): Promise<void> {
  await db.updateTable('sso_identities').set({ last_used_at: now }).where('id', '=', id).execute();
}

export async function deleteIdentity(db: DbOrTx, accountId: string, id: string): Promise<SsoIdentity | undefined> {
  return db.deleteFrom('sso_identities').where('id', '=', id).where('account_id', '=', accountId).returningAll().executeTakeFirst();
}
