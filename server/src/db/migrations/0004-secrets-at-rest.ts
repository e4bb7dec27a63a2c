import { type Kysely, sql } from 'kysely';

// Security hardening (decision 014): mail bodies hold links and codes, so sent ones are blanked
// (new ones are stored encrypted and blanked once sent); and each account keeps a lifetime count
// of wrong one-time codes, after which only a mailed link resets its password.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update mail_outbox set text_body = '', html_body = '' where sent_at is not null`.execute(db);
  await db.schema
    .alterTable('accounts')
    .addColumn('code_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
