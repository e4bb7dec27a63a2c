import type { Db } from '../../db/database.ts';
import type { WebhookEndpoint } from '../../db/schema.ts';
import { addMs, type Clock, iso } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import type { Secrets } from '../../lib/secrets.ts';
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
 * The operator's webhook endpoints (decision 055): the admin CLI calls these, and an admin API
 * route can call the same. Every refusal is a WebhookInputError with a sentence for the operator.
 */
export type WebhookDeps = { db: Db; clock: Clock; secrets: Secrets };

export class WebhookInputError extends Error {}

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

function toView(row: WebhookEndpoint): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events === null ? null : (JSON.parse(row.events) as WebhookEventType[]),
    enabled: row.disabled_at === null,
    disabledReason: row.disabled_reason,
    listener: row.listener === 1,
    createdAt: row.created_at,
  };
}

// Any http(s) address, loopback and private ones included: only an operator registers an
// endpoint, and the monitoring backend often sits on a private network.
function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookInputError(`not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new WebhookInputError('the URL must start with https:// or http://');
  if (parsed.username || parsed.password) throw new WebhookInputError('the URL must not carry a user name or password');
  return parsed.href;
}

function checkEvents(events: readonly string[] | undefined): string | null {
  if (events === undefined || events.length === 0) return null;
  const unknown = events.filter((type) => !isWebhookEventType(type));
  if (unknown.length > 0) throw new WebhookInputError(`unknown event ${unknown.join(', ')}; known: ${webhookEventTypes.join(', ')}`);
  return JSON.stringify([...new Set(events)]);
}

function checkDescription(description: string | undefined): string | null {
  if (description === undefined || description === '') return null;
  if (description.length > 200) throw new WebhookInputError('the description may have 200 characters at most');
  return description;
}

async function existing(deps: WebhookDeps, id: string): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(deps.db, id);
  if (!endpoint) throw new WebhookInputError(`no webhook endpoint with id ${id}`);
  return endpoint;
}

/** Registers an endpoint; its secret is returned now and never again. */
export async function createEndpoint(
  deps: WebhookDeps,
  input: { url: string; events?: readonly string[]; description?: string; listener?: boolean },
): Promise<{ id: string; secret: string }> {
  const url = checkUrl(input.url);
  const events = checkEvents(input.events);
  const description = checkDescription(input.description);
  const secret = newWebhookSecret();
  const now = iso(deps.clock.now());
  const id = `ep_${newId().replaceAll('-', '')}`;
  await insertEndpoint(deps.db, {
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
  return { id, secret };
}

export async function listWebhookEndpoints(deps: WebhookDeps): Promise<EndpointView[]> {
  return (await listEndpoints(deps.db)).map(toView);
}

export async function showEndpoint(deps: WebhookDeps, id: string): Promise<EndpointView> {
  return toView(await existing(deps, id));
}

/** Changes what was given; `enabled: true` turns a disabled endpoint (by the operator or a 410) back on. */
export async function updateWebhookEndpoint(
  deps: WebhookDeps,
  id: string,
  input: { url?: string; events?: readonly string[]; description?: string; enabled?: boolean },
): Promise<EndpointView> {
  await existing(deps, id);
  const now = iso(deps.clock.now());
  const values: Parameters<typeof updateEndpoint>[2] = { updated_at: now };
  if (input.url !== undefined) values.url = checkUrl(input.url);
  if (input.events !== undefined) values.events = checkEvents(input.events);
  if (input.description !== undefined) values.description = checkDescription(input.description);
  if (input.enabled === true) Object.assign(values, { disabled_at: null, disabled_reason: null });
  if (input.enabled === false) Object.assign(values, { disabled_at: now, disabled_reason: 'disabled by the operator' });
  await updateEndpoint(deps.db, id, values);
  return showEndpoint(deps, id);
}

export function disableWebhookEndpoint(deps: WebhookDeps, id: string): Promise<EndpointView> {
  return updateWebhookEndpoint(deps, id, { enabled: false });
}

/** A new secret; the one before keeps signing beside it for `rotationOverlapMs`, so receivers can switch without a gap. */
export async function rotateWebhookSecret(deps: WebhookDeps, id: string): Promise<{ id: string; secret: string; previousUntil: string }> {
  const endpoint = await existing(deps, id);
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const previousUntil = iso(addMs(now, rotationOverlapMs));
  await updateEndpoint(deps.db, id, {
    secret: deps.secrets.seal(secret),
    previous_secret: endpoint.secret,
    previous_until: previousUntil,
    updated_at: iso(now),
  });
  return { id, secret, previousUntil };
}

export async function removeWebhookEndpoint(deps: WebhookDeps, id: string): Promise<void> {
  await existing(deps, id);
  await deleteEndpoint(deps.db, id);
}

/** Sends a `webhook.test` event to this endpoint alone; returns its id. */
export async function sendTestEvent(deps: WebhookDeps, id: string): Promise<string> {
  await existing(deps, id);
  return deps.db.transaction().execute((trx) => emitEvent(trx, deps.clock, 'webhook.test', { endpointId: id }, { endpointId: id }));
}

/**
 * Sends again, in their order, the events of the log since `since` (or the one event) that the
 * endpoint asked for, each with the `webhook-id` it had: a receiver that kept it knows it for a duplicate.
 */
export async function replayEvents(deps: WebhookDeps, id: string, input: { since?: string; eventId?: string }): Promise<number> {
  const endpoint = await existing(deps, id);
  let events: Array<{ id: string; type: string; account_key: string; seq: number }>;
  if (input.eventId) {
    const event = await findEvent(deps.db, input.eventId);
    if (!event) throw new WebhookInputError(`no event with id ${input.eventId} in the log`);
    events = [event];
  } else {
    const since = input.since ? new Date(input.since) : undefined;
    if (!since || Number.isNaN(since.getTime())) throw new WebhookInputError('--since must be a time, e.g. 2026-11-28T08:00:00Z');
    events = (await findEventsSince(deps.db, iso(since))).filter((event) => event.type !== 'webhook.test' && wants(endpoint, event.type));
  }
  const now = iso(deps.clock.now());
  await insertDeliveries(
    deps.db,
    events.map((event) => deliveryRow(id, event, now)),
  );
  return events.length;
}

/** The endpoint's delivery log of the last 30 days, newest first. */
export async function webhookDeliveries(deps: WebhookDeps, id: string, limit = 100) {
  await existing(deps, id);
  const since = iso(addMs(deps.clock.now(), -logDays * 24 * 60 * 60_000));
  return (await listDeliveries(deps.db, id, since, limit)).map((row) => ({
    ...row,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
  }));
}
