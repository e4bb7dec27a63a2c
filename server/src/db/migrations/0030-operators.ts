import type { Kysely } from 'kysely';

// The operator's side (decisions 059-061): operators (Gatehouse accounts with a role), admin
// tokens for scripts (only a keyed hash of each is kept), and the operators' actions: an
// append-only table whose rows are chained by a keyed hash, with the chain's head in a row of
// its own, so a row changed, removed or cut from the end is found by `audit verify`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('admin_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_key', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('operator_account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createTable('operator_actions')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('reason', 'text')
    .addColumn('detail', 'text')
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_actions_account').on('operator_actions').columns(['account_id', 'at']).execute();
  await db.schema.createIndex('operator_actions_at').on('operator_actions').column('at').execute();
  await db.schema
    .createTable('audit_chain_head')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('audit_chain_head' as never)
    .values({ name: 'operator_actions', seq: 0, hash: '' } as never)
    .execute();
  await db.schema.createIndex('auth_events_account_at').on('auth_events').columns(['account_id', 'created_at']).execute();
}
