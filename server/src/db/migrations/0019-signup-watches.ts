import type { Kysely } from 'kysely';

// The tab that started a sign-up asks whether its address was confirmed elsewhere (another
// device) through a cookie of its own; the cookie's hash finds the pending account here, one row
// per account, replaced by a later sign-up of the same address (decision 041).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signup_watches')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('watch_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
