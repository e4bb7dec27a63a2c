import type { Kysely } from 'kysely';

// A sign-in that proved its first factor for an account with a second one waits here for the
// code (decision 046): bound to the browser by the hash of its cookie, to the account's credential
// generation, and to what the first factor proved. Five minutes, five wrong codes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('credential_generation', 'integer', (c) => c.notNull())
    .addColumn('amr', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('panel_id', 'text')
    .addColumn('panel_user_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_account').on('two_factor_challenges').column('account_id').execute();
}
