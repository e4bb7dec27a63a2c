import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { checkSharedKey } from '../db/key-check.ts';
import { cliActor } from '../features/operators/operator-audit.ts';
import { webhookEventTypes } from '../features/webhooks/events.ts';
import {
  createEndpoint,
  disableWebhookEndpoint,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  replayEvents,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
  type WebhookChange,
  WebhookInputError,
  webhookDeliveries,
} from '../features/webhooks/webhook.service.ts';
import { WebhookWorker } from '../features/webhooks/webhook-worker.ts';
import { iso, systemClock } from '../lib/clock.ts';
import { createSecrets, resolveSecretKey } from '../lib/secrets.ts';
import type { CliOut } from './out.ts';

export const webhookUsage = `  webhook create --url URL [--events a,b,…] [--description TEXT]   (prints the signing secret once)
    every change takes [--reason TEXT], kept in the operators' audit chain
  webhook list
  webhook update ID [--url URL] [--events a,b,…|--events all] [--description TEXT] [--enable]
  webhook disable ID
  webhook rotate-secret ID   (the old secret signs too for 24 hours)
  webhook remove ID
  webhook test ID            (sends a webhook.test event)
  webhook replay ID --since ISO-TIME | --event EVENT_ID
  webhook deliveries ID      (the last 30 days)
  webhook listen --forward-to URL   (prints each event and forwards it, signed, to a local receiver)
    events: ${webhookEventTypes.join(', ')}`;

export const webhookOptions = {
  url: { type: 'string' },
  events: { type: 'string' },
  description: { type: 'string' },
  enable: { type: 'boolean' },
  since: { type: 'string' },
  event: { type: 'string' },
  'forward-to': { type: 'string' },
  reason: { type: 'string' },
} as const;

interface WebhookValues {
  url?: string;
  events?: string;
  description?: string;
  enable?: boolean;
  since?: string;
  event?: string;
  'forward-to'?: string;
  reason?: string;
  json?: boolean;
}

function eventList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  if (value === 'all') return [];
  return value
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new WebhookInputError(`${name} is required`);
  return value;
}

/**
 * The webhook commands (decision 055). Secrets are sealed under SECRET_KEY, so the CLI needs the
 * instances' key. Returns false for a command that is not one of these; throws WebhookInputError.
 */
export async function runWebhookCommand(db: Db, config: Config, words: string[], values: WebhookValues, out: CliOut): Promise<boolean> {
  const [area, action, argument] = words;
  if (area !== 'webhook') return false;
  const key = resolveSecretKey(config.secretKey, config.dataDir).key;
  await checkSharedKey(db, key, iso(systemClock.now()));
  const deps = { db, clock: systemClock, secrets: createSecrets(key) };
  const id = () => required(argument, 'the endpoint ID');
  const change = { actor: cliActor(), reason: values.reason?.trim() || 'given at the command line, without a reason' };
  switch (action) {
    case 'create': {
      const created = await createEndpoint(
        deps,
        {
          url: required(values.url, '--url'),
          events: eventList(values.events),
          description: values.description,
        },
        change,
      );
      out.note(`Registered webhook endpoint ${created.id}. Its signing secret is shown only now:`);
      out.print(created, [`id: ${created.id}`, created.secret]);
      return true;
    }
    case 'list': {
      const rows = await listWebhookEndpoints(deps);
      out.print(
        rows,
        rows.map(
          (r) =>
            `${r.id}  ${r.enabled ? 'enabled ' : 'disabled'}  ${r.url}  ${r.events?.join(',') ?? 'all events'}${r.listener ? '  (webhook listen)' : ''}${r.disabledReason ? `  (${r.disabledReason})` : ''}${r.description ? `  ${r.description}` : ''}`,
        ),
      );
      return true;
    }
    case 'update': {
      const view = await updateWebhookEndpoint(
        deps,
        id(),
        {
          url: values.url,
          events: eventList(values.events),
          description: values.description,
          enabled: values.enable ? true : undefined,
        },
        change,
      );
      out.print(view, [`Updated webhook endpoint ${view.id}.`]);
      return true;
    }
    case 'disable': {
      const view = await disableWebhookEndpoint(deps, id(), change);
      out.print(view, [`Disabled webhook endpoint ${view.id}: its events wait until it is enabled again (webhook update ID --enable).`]);
      return true;
    }
    case 'rotate-secret': {
      const rotated = await rotateWebhookSecret(deps, id(), change);
      out.note(`New signing secret of ${rotated.id}; the previous one signs too until ${rotated.previousUntil}. Shown only now:`);
      out.print(rotated, [rotated.secret]);
      return true;
    }
    case 'remove': {
      await removeWebhookEndpoint(deps, id(), change);
      out.print({ removed: argument }, [`Removed webhook endpoint ${argument} and its delivery log.`]);
      return true;
    }
    case 'test': {
      const eventId = await sendTestEvent(deps, id(), change);
      out.print({ eventId }, [`Queued webhook.test ${eventId}; see it with: webhook deliveries ${argument}`]);
      return true;
    }
    case 'replay': {
      if (!values.since && !values.event) throw new WebhookInputError('--since or --event is required');
      const count = await replayEvents(deps, id(), { since: values.since, eventId: values.event }, change);
      out.print({ replayed: count }, [`Queued ${count} event${count === 1 ? '' : 's'} to send again, in their order.`]);
      return true;
    }
    case 'deliveries': {
      const rows = await webhookDeliveries(deps, id());
      out.print(
        rows,
        rows.map(
          (r) =>
            `${r.createdAt}  ${r.eventId}  ${r.type.padEnd(20)} ${r.status.padEnd(9)} tries ${r.attempts}  ${r.lastStatus ?? '-'}  ${r.durationMs ?? '-'} ms${r.nextAttemptAt ? `  next ${r.nextAttemptAt}` : ''}${r.lastError && r.status !== 'delivered' ? `  ${r.lastError}` : ''}`,
        ),
      );
      return true;
    }
    case 'listen': {
      await listen(deps, required(values['forward-to'], '--forward-to'), values.json === true, out, change);
      return true;
    }
    default:
      throw new WebhookInputError(`unknown command: webhook ${action ?? ''}`.trim());
  }
}

/**
 * A temporary endpoint for development: every event from now on is printed here and forwarded,
 * signed, to a receiver on this machine, by this process alone; no tunnel is needed because this
 * process reads the outbox itself. The endpoint goes when the command stops (Ctrl-C).
 */
async function listen(
  deps: Parameters<typeof createEndpoint>[0],
  forwardTo: string,
  json: boolean,
  out: CliOut,
  change: WebhookChange,
): Promise<void> {
  const { id, secret } = await createEndpoint(deps, { url: forwardTo, description: 'webhook listen', listener: true }, change);
  out.note(`Forwarding every event to ${forwardTo}, signed with ${secret} (Ctrl-C stops).`);
  const worker = new WebhookWorker({
    ...deps,
    pollMs: 500,
    listenerId: id,
    log: {
      warn: (object: object, message?: string) => out.note(`${message ?? ''} ${JSON.stringify(object)}`),
      error: (o: object) => out.note(JSON.stringify(o)),
    },
    onSend: (delivery) => out.line(json ? delivery.payload : `${delivery.event_id}  ${delivery.payload}`),
  });
  worker.start();
  worker.kick();
  // The worker's timer does not hold the process open (it is unref'd for the server): this does, until Ctrl-C.
  const open = setInterval(() => {}, 60_000);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  clearInterval(open);
  await worker.stop();
  await removeWebhookEndpoint(deps, id, change);
}
