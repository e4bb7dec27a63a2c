import type { Kysely } from 'kysely';

// Control-panel mode: which panel user an account belongs to, and which panel user a pending
// one-time code was asked for.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('panel_accounts')
    .addColumn('panel_id', 'text', (c) => c.notNull().references('panels.id').onDelete('cascade'))
    .addColumn('panel_user_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('panel_accounts_pk', ['panel_id', 'panel_user_id'])
    .execute();
  await db.schema.createIndex('panel_accounts_account_idx').on('panel_accounts').column('account_id').execute();
  await db.schema.alterTable('one_time_tokens').addColumn('panel_id', 'text').execute();
  await db.schema.alterTable('one_time_tokens').addColumn('panel_user_id', 'text').execute();
}
