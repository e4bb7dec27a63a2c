import type { Kysely } from 'kysely';

// A pending account may be watched by several browsers: its owner's and, since anyone can type
// an address, a stranger's. One row per watch, each with the time the link was opened for it
// (decision 041). The table is made anew: the rows of tabs still waiting at the upgrade are
// dropped with the old one, as those tabs got no cookie to ask with and could not be answered.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signup_watches').execute();
  await db.schema
    .createTable('signup_watches')
    .addColumn('watch_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .execute();
  await db.schema.createIndex('signup_watches_account').on('signup_watches').column('account_id').execute();
}
