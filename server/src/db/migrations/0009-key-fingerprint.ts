import type { Kysely } from 'kysely';

// Several instances on one database must share one SECRET_KEY (decision 019): the key's
// fingerprint (never the key) is kept here by the first instance that starts, and an instance
// started with another key refuses to start instead of queueing mail the others cannot open.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}
