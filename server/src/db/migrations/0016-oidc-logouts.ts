import type { Kysely } from 'kysely';

// Back-channel logout (decision 038): each ended session's apps are told through a durable
// outbox, written in the transaction that ends the session and delivered with retries.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The issuer the app signed in with: its logout token must carry the same one.
  await db.schema.alterTable('oidc_grants').addColumn('issuer', 'text').execute();

  await db.schema
    .createTable('oidc_logout_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oidc_clients.id').onDelete('cascade'))
    .addColumn('issuer', 'text')
    // No foreign key: the logout of a deleted account must still reach its apps.
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_logout_outbox_due_idx').on('oidc_logout_outbox').column('next_attempt_at').execute();
}
