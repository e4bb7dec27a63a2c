import type { DbOrTx } from '../../db/database.ts';
import type { WebhookDeliveriesTable, WebhookEndpoint } from '../../db/schema.ts';
import { type Clock, iso } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { type WebhookEventData, type WebhookEventType, webhookEvents } from './events.ts';
import { enabledEndpoints, insertDeliveries, insertEvent, nextSeq } from './webhook.repository.ts';

/** Whether an endpoint asked for this type of event (no list: every event). */
export function wants(endpoint: Pick<WebhookEndpoint, 'events'>, type: string): boolean {
  if (endpoint.events === null) return true;
  return (JSON.parse(endpoint.events) as string[]).includes(type);
}

export function deliveryRow(
  endpointId: string,
  event: { id: string; account_key: string; seq: number },
  now: string,
): WebhookDeliveriesTable {
  return {
    id: newId(),
    endpoint_id: endpointId,
    event_id: event.id,
    account_key: event.account_key,
    seq: event.seq,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    locked_until: null,
    last_status: null,
    last_error: null,
    duration_ms: null,
    finished_at: null,
    created_at: now,
  };
}

/**
 * Writes an event for the monitoring backend. Call it inside the transaction of the change: the
 * event commits with it or not at all (decision 055), numbered after the account's last one, with
 * a delivery for every enabled endpoint that asked for it. Returns the event's id (`webhook-id`).
 */
export async function emitEvent<T extends WebhookEventType>(
  trx: DbOrTx,
  clock: Clock,
  type: T,
  data: WebhookEventData<T>,
  only?: { endpointId: string },
): Promise<string> {
  const parsed = webhookEvents[type].parse(data) as Record<string, unknown>;
  const accountKey = typeof parsed.accountId === 'string' ? parsed.accountId : '';
  const seq = await nextSeq(trx, accountKey);
  const now = iso(clock.now());
  const id = `msg_${newId().replaceAll('-', '')}`;
  const payload = JSON.stringify({ type, timestamp: now, data: { ...parsed, seq } });
  await insertEvent(trx, { id, type, account_key: accountKey, seq, payload, created_at: now });
  const endpoints = only ? [{ id: only.endpointId }] : (await enabledEndpoints(trx)).filter((endpoint) => wants(endpoint, type));
  await insertDeliveries(
    trx,
    endpoints.map((endpoint) => deliveryRow(endpoint.id, { id, account_key: accountKey, seq }, now)),
  );
  return id;
}
