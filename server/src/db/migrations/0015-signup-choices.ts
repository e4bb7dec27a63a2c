import type { Kysely } from 'kysely';

// The marketing and analytics choices ticked on /signup, kept with the pending sign-up until its
// owner proves the address: the mailed link is usually opened in another tab or device, where
// the first tab's session storage is out of reach (decision 034).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signup_choices')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('marketing', 'integer', (c) => c.notNull())
    .addColumn('analytics', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
