import type { Kysely } from 'kysely';

// Webhooks for the monitoring backend (decision 055): endpoints the operator registers, the
// events written in the transaction of the change (with a sequence per account), and one
// delivery per event and endpoint, which is both the outbox and the delivery log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // A JSON array of event types; null: every event.
    .addColumn('events', 'text')
    // Sealed under SECRET_KEY; the previous secret signs too until previous_until.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_until', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('disabled_reason', 'text')
    // 1: made by `webhook listen`, delivered by that command alone, never by the instances.
    .addColumn('listener', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The last sequence number given per account ('' for events of no account); its row lock
  // orders the commits of one account's events.
  await db.schema
    .createTable('webhook_sequences')
    .addColumn('account_key', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    // No foreign key: the deletion of an account is itself an event.
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_events_created_idx').on('webhook_events').column('created_at').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // pending, delivered or failed (given up)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('finished_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_pending_idx')
    .on('webhook_deliveries')
    .columns(['status', 'endpoint_id', 'account_key', 'seq'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_created_idx').on('webhook_deliveries').column('created_at').execute();

  // What the monitoring backend was last told of an account's plan: entitlements.changed is
  // sent when the effective plan differs from it, whatever changed it.
  await db.schema
    .createTable('webhook_entitlements')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  // A license that expired is announced once (license.expired).
  await db.schema
    .createTable('webhook_expiries')
    .addColumn('license_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
