import type { Kysely } from 'kysely';

// The operator's console keeps its sessions on the server (decision 062): the browser holds an
// opaque cookie, the table only its keyed hash, with the operator, the Gatehouse session it was
// signed in with (it ends with it), when that sign-in was proved and when the operator last gave a
// fresh proof, and the token its writes must echo.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_sessions')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('csrf', 'text', (c) => c.notNull())
    .addColumn('amr', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('proved_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_sessions_account').on('console_sessions').column('account_id').execute();
  await db.schema.createIndex('console_sessions_session').on('console_sessions').column('session_id').execute();
}
