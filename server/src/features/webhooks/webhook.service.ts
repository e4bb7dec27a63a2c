import type { ErrorCode } from '@gatehouse/contract';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { WebhookEndpoint } from '../../db/schema.ts';
import { addMs, type Clock, iso } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { type Actor, type OperatorActionType, recordAction } from '../operators/operator-audit.ts';
import { deliveryRow, emitEvent, wants } from './emit.ts';
import { isWebhookEventType, type WebhookEventType, webhookEventTypes } from './events.ts';
import { newWebhookSecret } from './signing.ts';
import {
  deleteEndpoint,
  findEndpoint,
  findEvent,
  findEventsSince,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
} from './webhook.repository.ts';

/**
 * The operator's webhook endpoints (decision 055): the admin CLI and the admin API call these.
 * Every refusal is a WebhookInputError with a sentence for the CLI and, when the API can meet
 * it, a code of the contract (its message translated); each change is recorded in the
 * operators' audit chain with its actor and reason (decision 061).
 */
export type WebhookDeps = { db: Db; clock: Clock; secrets: Secrets };

/** Who changes an endpoint, and why. */
export interface WebhookChange {
  actor: Actor;
  reason: string;
}

export class WebhookInputError extends Error {
  readonly refusal: { code: ErrorCode; status: 400 | 404; field?: string; params?: Record<string, string> } | undefined;
  constructor(message: string, refusal?: WebhookInputError['refusal']) {
    super(message);
    this.refusal = refusal;
  }
}

const notFound = (id: string) =>
  new WebhookInputError(`no webhook endpoint with id ${id}`, { code: 'admin.webhook_not_found', status: 404 });

/** How long a rotated secret keeps signing beside the new one. */
export const rotationOverlapMs = 24 * 60 * 60_000;
const logDays = 30;

export interface EndpointView {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[] | null;
  enabled: boolean;
  disabledReason: string | null;
  /** Made by `webhook listen`, which alone delivers to it. */
  listener: boolean;
  createdAt: string;
}

const eventsOf = (column: string | null) => (column === null ? null : (JSON.parse(column) as WebhookEventType[]));

function toView(row: WebhookEndpoint): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row.events),
    enabled: row.disabled_at === null,
    disabledReason: row.disabled_reason,
    listener: row.listener === 1,
    createdAt: row.created_at,
  };
}

// Any http(s) address, loopback and private ones included: only an operator registers an
// endpoint, and the monitoring backend often sits on a private network.
const urlRefusal = { code: 'admin.webhook_url_invalid', status: 400, field: 'url' } as const;

function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookInputError(`not a URL: ${url}`, urlRefusal);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new WebhookInputError('the URL must start with https:// or http://', urlRefusal);
  if (parsed.username || parsed.password) throw new WebhookInputError('the URL must not carry a user name or password', urlRefusal);
  return parsed.href;
}

function checkEvents(events: readonly string[] | undefined): string | null {
  if (events === undefined || events.length === 0) return null;
  const unknown = events.filter((type) => !isWebhookEventType(type));
  if (unknown.length > 0) {
    throw new WebhookInputError(`unknown event ${unknown.join(', ')}; known: ${webhookEventTypes.join(', ')}`, {
      code: 'admin.webhook_event_unknown',
      status: 400,
      field: 'events',
      params: { events: unknown.join(', ') },
    });
  }
  return JSON.stringify([...new Set(events)]);
}

function checkDescription(description: string | undefined): string | null {
  if (description === undefined || description === '') return null;
  if (description.length > 200) {
    throw new WebhookInputError('the description may have 200 characters at most', {
      code: 'admin.webhook_description_too_long',
      status: 400,
      field: 'description',
    });
  }
  return description;
}

async function existing(db: DbOrTx, id: string): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(db, id);
  if (!endpoint) throw notFound(id);
  return endpoint;
}

/** Records the change in the operators' chain, in its transaction; the detail never holds a secret. */
function audit(trx: DbOrTx, deps: WebhookDeps, change: WebhookChange, type: OperatorActionType, detail: Record<string, unknown>) {
  return recordAction(trx, deps.secrets, {
    type,
    accountId: null,
    actor: change.actor,
    reason: change.reason,
    detail,
    at: iso(deps.clock.now()),
  });
}

/** Registers an endpoint; its secret is returned now and never again. */
export async function createEndpoint(
  deps: WebhookDeps,
  input: { url: string; events?: readonly string[]; description?: string; listener?: boolean },
  change: WebhookChange,
): Promise<{ id: string; secret: string }> {
  const url = checkUrl(input.url);
  const events = checkEvents(input.events);
  const description = checkDescription(input.description);
  const secret = newWebhookSecret();
  const now = iso(deps.clock.now());
  const id = `ep_${newId().replaceAll('-', '')}`;
  await deps.db.transaction().execute(async (trx) => {
    await insertEndpoint(trx, {
      id,
      url,
      description,
      events,
      secret: deps.secrets.seal(secret),
      previous_secret: null,
      previous_until: null,
      disabled_at: null,
      disabled_reason: null,
      listener: input.listener ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    await audit(trx, deps, change, 'webhook_endpoint_created', {
      endpointId: id,
      url,
      events: eventsOf(events),
      listener: !!input.listener,
    });
  });
  return { id, secret };
}

export async function listWebhookEndpoints(deps: WebhookDeps): Promise<EndpointView[]> {
  return (await listEndpoints(deps.db)).map(toView);
}

export async function showEndpoint(deps: WebhookDeps, id: string): Promise<EndpointView> {
  return toView(await existing(deps.db, id));
}

/** Changes what was given; `enabled: true` turns a disabled endpoint (by the operator or a 410) back on. */
export async function updateWebhookEndpoint(
  deps: WebhookDeps,
  id: string,
  input: { url?: string; events?: readonly string[]; description?: string; enabled?: boolean },
  change: WebhookChange,
): Promise<EndpointView> {
  const now = iso(deps.clock.now());
  const values: Parameters<typeof updateEndpoint>[2] = { updated_at: now };
  if (input.url !== undefined) values.url = checkUrl(input.url);
  if (input.events !== undefined) values.events = checkEvents(input.events);
  if (input.description !== undefined) values.description = checkDescription(input.description);
  if (input.enabled === true) Object.assign(values, { disabled_at: null, disabled_reason: null });
  if (input.enabled === false) Object.assign(values, { disabled_at: now, disabled_reason: 'disabled by the operator' });
  return deps.db.transaction().execute(async (trx) => {
    await existing(trx, id);
    await updateEndpoint(trx, id, values);
    const detail = { endpointId: id, ...input, ...(values.events !== undefined ? { events: eventsOf(values.events) } : {}) };
    await audit(trx, deps, change, input.enabled === false ? 'webhook_endpoint_disabled' : 'webhook_endpoint_updated', detail);
    return toView(await existing(trx, id));
  });
}

export function disableWebhookEndpoint(deps: WebhookDeps, id: string, change: WebhookChange): Promise<EndpointView> {
  return updateWebhookEndpoint(deps, id, { enabled: false }, change);
}

/** A new secret; the one before keeps signing beside it for `rotationOverlapMs`, so receivers can switch without a gap. */
export async function rotateWebhookSecret(
  deps: WebhookDeps,
  id: string,
  change: WebhookChange,
): Promise<{ id: string; secret: string; previousUntil: string }> {
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const previousUntil = iso(addMs(now, rotationOverlapMs));
  await deps.db.transaction().execute(async (trx) => {
    const endpoint = await existing(trx, id);
    await updateEndpoint(trx, id, {
      secret: deps.secrets.seal(secret),
      previous_secret: endpoint.secret,
      previous_until: previousUntil,
      updated_at: iso(now),
    });
    await audit(trx, deps, change, 'webhook_secret_rotated', { endpointId: id, previousUntil });
  });
  return { id, secret, previousUntil };
}

export async function removeWebhookEndpoint(deps: WebhookDeps, id: string, change: WebhookChange): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const endpoint = await existing(trx, id);
    await deleteEndpoint(trx, id);
    await audit(trx, deps, change, 'webhook_endpoint_removed', { endpointId: id, url: endpoint.url });
  });
}

/** Sends a `webhook.test` event to this endpoint alone; returns its id. */
export async function sendTestEvent(deps: WebhookDeps, id: string, change: WebhookChange): Promise<string> {
  return deps.db.transaction().execute(async (trx) => {
    await existing(trx, id);
    const eventId = await emitEvent(trx, deps.clock, 'webhook.test', { endpointId: id }, { endpointId: id });
    await audit(trx, deps, change, 'webhook_test_sent', { endpointId: id, eventId });
    return eventId;
  });
}

/**
 * Sends again, in their order, the events of the log since `since` (or the one event) that the
 * endpoint asked for, each with the `webhook-id` it had: a receiver that kept it knows it for a duplicate.
 */
export async function replayEvents(
  deps: WebhookDeps,
  id: string,
  input: { since?: string; eventId?: string },
  change: WebhookChange,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const endpoint = await existing(trx, id);
    let events: Array<{ id: string; type: string; account_key: string; seq: number }>;
    if (input.eventId) {
      const event = await findEvent(trx, input.eventId);
      if (!event) {
        throw new WebhookInputError(`no event with id ${input.eventId} in the log`, { code: 'admin.webhook_event_not_found', status: 404 });
      }
      events = [event];
    } else {
      const since = input.since ? new Date(input.since) : undefined;
      if (!since || Number.isNaN(since.getTime())) {
        throw new WebhookInputError('--since must be a time, e.g. 2026-11-28T08:00:00Z', {
          code: 'admin.webhook_replay_range',
          status: 400,
          field: 'since',
        });
      }
      events = (await findEventsSince(trx, iso(since))).filter((event) => event.type !== 'webhook.test' && wants(endpoint, event.type));
    }
    const now = iso(deps.clock.now());
    await insertDeliveries(
      trx,
      events.map((event) => deliveryRow(id, event, now)),
    );
    await audit(trx, deps, change, 'webhook_events_replayed', { endpointId: id, ...input, count: events.length });
    return events.length;
  });
}

/** The endpoint's delivery log of the last 30 days, newest first. */
export async function webhookDeliveries(deps: WebhookDeps, id: string, limit = 100) {
  await existing(deps.db, id);
  const since = iso(addMs(deps.clock.now(), -logDays * 24 * 60 * 60_000));
  return (await listDeliveries(deps.db, id, since, limit)).map((row) => ({
    ...row,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
  }));
}
