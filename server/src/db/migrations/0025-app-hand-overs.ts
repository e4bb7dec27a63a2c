import type { Kysely } from 'kysely';

// A hosting panel's session handed over to a top-level one, to continue to an app's pending
// sign-in (decision 049): one row per hand-over, kept by an HMAC of its value under SECRET_KEY,
// deleted when used, and with the panel session it came from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_hand_overs')
    .addColumn('token_key', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('panel_id', 'text', (c) => c.notNull().references('panels.id').onDelete('cascade'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('interaction_uid', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_hand_overs_session').on('app_hand_overs').column('session_id').execute();
  await db.schema.createIndex('app_hand_overs_account').on('app_hand_overs').column('account_id').execute();
}
