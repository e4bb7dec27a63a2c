import type { Kysely } from 'kysely';

// An account's authenticator (TOTP) and its recovery codes (decision 046). The secret is sealed
// under SECRET_KEY and the recovery codes are kept as HMACs under it (decision 014): a copy of the
// database yields neither. `confirmed_at` is null while the enrolment waits for its first code;
// `last_step` is the time step of the last code accepted, which no code may reuse.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp_factors')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code_key', 'text', (c) => c.notNull().unique())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_account').on('recovery_codes').column('account_id').execute();
}
