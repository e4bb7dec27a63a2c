import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { WebhookDeliveriesTable, WebhookEndpoint, WebhookEndpointsTable } from '../../db/schema.ts';

export async function insertEndpoint(db: DbOrTx, row: WebhookEndpointsTable): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export function findEndpoint(db: DbOrTx, id: string): Promise<WebhookEndpoint | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listEndpoints(db: DbOrTx): Promise<WebhookEndpoint[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function enabledEndpoints(db: DbOrTx): Promise<WebhookEndpoint[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('disabled_at', 'is', null).execute();
}

export async function updateEndpoint(db: DbOrTx, id: string, values: Partial<WebhookEndpointsTable>): Promise<boolean> {
  const result = await db.updateTable('webhook_endpoints').set(values).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteEndpoint(db: DbOrTx, id: string): Promise<boolean> {
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/**
 * The next sequence number of an account's events. The update takes the row's lock until the
 * transaction ends, so one account's events commit in the order of their numbers.
 */
export async function nextSeq(db: DbOrTx, accountKey: string): Promise<number> {
  const row = await db
    .insertInto('webhook_sequences')
    .values({ account_key: accountKey, seq: 1 })
    .onConflict((oc) => oc.column('account_key').doUpdateSet((eb) => ({ seq: eb('webhook_sequences.seq', '+', 1) })))
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

export async function insertEvent(
  db: DbOrTx,
  row: { id: string; type: string; account_key: string; seq: number; payload: string; created_at: string },
): Promise<void> {
  await db.insertInto('webhook_events').values(row).execute();
}

export async function insertDeliveries(db: DbOrTx, rows: WebhookDeliveriesTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
}

export interface DueDelivery {
  id: string;
  account_key: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  payload: string;
  type: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_until: string | null;
}

/**
 * Deliveries due now, each the first still pending of its account at its endpoint: the next
 * event of an account waits until the one before is delivered or given up; others go on.
 */
export function findDueDeliveries(db: DbOrTx, now: string, limit: number, only: { listenerId?: string } = {}): Promise<DueDelivery[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.account_key',
      'd.endpoint_id',
      'd.event_id',
      'd.attempts',
      'v.payload',
      'v.type',
      'e.url',
      'e.secret',
      'e.previous_secret',
      'e.previous_until',
    ])
    .where('d.status', '=', 'pending')
    .where('e.disabled_at', 'is', null)
    .where('d.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', now)]))
    .where((eb) =>
      eb.or([
        eb('d.account_key', '=', ''),
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_deliveries as p')
              .select(sql`1`.as('one'))
              .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
              .whereRef('p.account_key', '=', 'd.account_key')
              .where('p.status', '=', 'pending')
              .where((inner) =>
                inner.or([
                  inner('p.seq', '<', inner.ref('d.seq')),
                  // A replayed event and its original: the older delivery first.
                  inner.and([inner('p.seq', '=', inner.ref('d.seq')), inner('p.created_at', '<', inner.ref('d.created_at'))]),
                ]),
              ),
          ),
        ),
      ]),
    )
    .orderBy('d.created_at')
    .orderBy('d.seq')
    .limit(limit);
  query = only.listenerId ? query.where('e.id', '=', only.listenerId) : query.where('e.listener', '=', 0);
  return query.execute();
}

/** Claims a delivery; false when another instance (or worker) has it. */
export async function claimDelivery(db: DbOrTx, id: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function recordAttempt(db: DbOrTx, id: string, values: Partial<WebhookDeliveriesTable>): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ ...values, locked_until: null })
    .where('id', '=', id)
    .execute();
}

export function listDeliveries(db: DbOrTx, endpointId: string, since: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id as eventId',
      'v.type',
      'd.seq',
      'd.status',
      'd.attempts',
      'd.last_status as lastStatus',
      'd.last_error as lastError',
      'd.duration_ms as durationMs',
      'd.next_attempt_at as nextAttemptAt',
      'd.finished_at as finishedAt',
      'd.created_at as createdAt',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .where('d.created_at', '>=', since)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.seq', 'desc')
    .limit(limit)
    .execute();
}

export function findEventsSince(db: DbOrTx, since: string) {
  return db.selectFrom('webhook_events').selectAll().where('created_at', '>=', since).orderBy('created_at').orderBy('seq').execute();
}

export function findEvent(db: DbOrTx, id: string) {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countPendingDeliveries(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The delivery log keeps 30 days; events go with their last delivery. */
export async function pruneDeliveries(db: DbOrTx, before: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('created_at', '<', before).where('status', '!=', 'pending').execute();
  await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('webhook_deliveries').select(sql`1`.as('one')).whereRef('event_id', '=', 'webhook_events.id'))),
    )
    .execute();
}

/**
 * Erases a deleted account's events and their log once none is waiting to be delivered: what
 * the monitoring backend had to learn is out, and nothing of the account stays (decision 055).
 */
export async function eraseAccountEvents(db: DbOrTx, accountKey: string): Promise<void> {
  if (accountKey === '') return;
  const waiting = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('account_key', '=', accountKey)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (waiting) return;
  await db.deleteFrom('webhook_deliveries').where('account_key', '=', accountKey).execute();
  await db.deleteFrom('webhook_events').where('account_key', '=', accountKey).execute();
  await db.deleteFrom('webhook_sequences').where('account_key', '=', accountKey).execute();
}
