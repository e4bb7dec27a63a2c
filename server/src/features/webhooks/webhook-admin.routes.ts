import {
  adminData,
  reasonMaxLength,
  webhookCreated,
  webhookDeliveryRow,
  webhookEndpointView,
  webhookRemoved,
  webhookReplayed,
  webhookSecretRotated,
  webhookTestSent,
} from '@gatehouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf, idParams, reasonBody, reasonOf, replies, v1 } from '../operators/admin.routes.ts';
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
} from './webhook.service.ts';

/** A refusal of the services, as the admin API's coded answer (its message translated). */
function refused(error: unknown): never {
  if (error instanceof WebhookInputError && error.refusal) {
    const { status, code, field, params } = error.refusal;
    throw new AppError(status, code, { params, ...(field ? { fields: { [field]: code } } : {}) });
  }
  throw error;
}

const reason = z.string().max(10_000).optional().describe(`Why, 1 to ${reasonMaxLength} characters; stored with the action`);
const endpointFields = {
  url: z.string().max(2000).describe('http:// or https://; loopback and private addresses are allowed'),
  events: z.array(z.string().max(100)).max(100).optional().describe('The event types to send; empty or absent: every event'),
  description: z.string().max(10_000).optional(),
};

/**
 * The webhook endpoints on the admin API (decision 064): the same services as the CLI's
 * `webhook` commands, each change audited in the operators' chain with the actor and reason.
 * Reading needs `webhooks:read`, every change `webhooks:write` (the owner's role only).
 */
export function webhookAdminRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const change = (request: FastifyRequest): WebhookChange => ({ actor: actorOf(request), reason: reasonOf(request.body) });
  const write = { config: { scope: 'webhooks:write' as const } };

  r.get(
    `${v1}/webhooks`,
    {
      config: { scope: 'webhooks:read' },
      schema: { tags, summary: 'The webhook endpoints', response: replies(adminData(z.array(webhookEndpointView))) },
    },
    async () => ({ data: await listWebhookEndpoints(deps) }),
  );
  r.post(
    `${v1}/webhooks`,
    {
      ...write,
      schema: {
        tags,
        summary: 'Register an endpoint; its signing secret is answered once',
        body: z.object({ ...endpointFields, reason }),
        response: replies(adminData(webhookCreated)),
      },
    },
    async (request) => {
      const { reason: _, ...input } = request.body;
      return { data: await createEndpoint(deps, input, change(request)).catch(refused) };
    },
  );
  r.patch(
    `${v1}/webhooks/:id`,
    {
      ...write,
      schema: {
        tags,
        summary: 'Change what is given; enabled: true turns on an endpoint disabled by an operator or by a 410',
        params: idParams,
        body: z.object({ ...endpointFields, url: endpointFields.url.optional(), enabled: z.boolean().optional(), reason }),
        response: replies(adminData(webhookEndpointView)),
      },
    },
    async (request) => {
      const { reason: _, ...input } = request.body;
      return { data: await updateWebhookEndpoint(deps, request.params.id, input, change(request)).catch(refused) };
    },
  );
  const action = <T>(path: string, summary: string, answer: z.ZodType<T>, run: (id: string, change: WebhookChange) => Promise<T>) =>
    r.post(
      `${v1}/webhooks/:id/${path}`,
      {
        ...write,
        schema: { tags, summary, params: idParams, body: reasonBody, response: replies(adminData(answer as z.ZodType)) },
      },
      async (request) => ({ data: await run(request.params.id, change(request)).catch(refused) }),
    );
  action('disable', 'Disable an endpoint: its events wait until it is enabled again', webhookEndpointView, (id, by) =>
    disableWebhookEndpoint(deps, id, by),
  );
  action('rotate-secret', 'A new signing secret, answered once; the previous one signs too for 24 hours', webhookSecretRotated, (id, by) =>
    rotateWebhookSecret(deps, id, by),
  );
  action('test', 'Send a webhook.test event to this endpoint alone', webhookTestSent, async (id, by) => ({
    eventId: await sendTestEvent(deps, id, by),
  }));
  r.post(
    `${v1}/webhooks/:id/replay`,
    {
      ...write,
      schema: {
        tags,
        summary: "Send again, in their order, the log's events since a time (since) or one event (event), with their first ids",
        params: idParams,
        body: z.object({ since: z.string().max(40).optional(), event: z.string().max(100).optional(), reason }),
        response: replies(adminData(webhookReplayed)),
      },
    },
    async (request) => {
      const { since, event } = request.body;
      const replayed = await replayEvents(deps, request.params.id, { since, eventId: event }, change(request)).catch(refused);
      return { data: { replayed } };
    },
  );
  r.delete(
    `${v1}/webhooks/:id`,
    {
      ...write,
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log',
        params: idParams,
        body: reasonBody,
        response: replies(adminData(webhookRemoved)),
      },
    },
    async (request) => {
      await removeWebhookEndpoint(deps, request.params.id, change(request)).catch(refused);
      return { data: { id: request.params.id, removed: true } };
    },
  );
  r.get(
    `${v1}/webhooks/:id/deliveries`,
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        summary: "The endpoint's delivery log of the last 30 days, newest first",
        params: idParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) }),
        response: replies(adminData(z.array(webhookDeliveryRow))),
      },
    },
    async (request) => ({ data: await webhookDeliveries(deps, request.params.id, request.query.limit).catch(refused) }),
  );
}
