import { api } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { sendError } from '../../http/error-handler.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { countPendingMails } from '../../mail/outbox.repository.ts';
import { countPendingDeliveries } from '../webhooks/webhook.repository.ts';
import type { WebhookMetrics } from '../webhooks/webhook-worker.ts';

const readyTimeoutMs = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(
  app: FastifyInstance,
  deps: Deps,
  checks: Array<() => Promise<unknown>> = [],
  webhooks: WebhookMetrics = { attempts: 0, failures: 0, givenUp: 0 },
): void {
  const tags = ['operations'];
  app.get(api.healthLive, { schema: { tags, summary: 'The process is up' } }, async () => ({ data: { status: 'ok' } }));

  app.get(
    api.healthReady,
    { schema: { tags, summary: 'The database (and Redis, when configured) answer within 2 s' } },
    async (_request, reply) => {
      try {
        await withTimeout(Promise.all([sql`select 1`.execute(deps.db), ...checks.map((check) => check())]), readyTimeoutMs);
        return { data: { status: 'ready' } };
      } catch (error) {
        deps.log.warn({ err: error }, 'readiness check failed');
        return sendError(reply, 503, 'server.unavailable', { retryAfter: 2 });
      }
    },
  );

  // Prometheus text format, behind METRICS_TOKEN; without a token the endpoint does not exist.
  app.get(
    api.metrics,
    { schema: { tags, summary: 'Metrics (Bearer METRICS_TOKEN)', hide: !deps.config.metricsToken } },
    async (request, reply) => {
      const token = deps.config.metricsToken;
      const presented = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!token) return sendError(reply, 404, 'request.not_found', { params: { path: api.metrics } });
      if (!safeEqual(presented, token)) return sendError(reply.header('www-authenticate', 'Bearer'), 401, 'auth.session_required');
      const memory = process.memoryUsage();
      const lines = [
        '# TYPE gatehouse_uptime_seconds gauge',
        `gatehouse_uptime_seconds ${process.uptime().toFixed(0)}`,
        '# TYPE gatehouse_resident_memory_bytes gauge',
        `gatehouse_resident_memory_bytes ${memory.rss}`,
        '# TYPE gatehouse_mail_outbox_pending gauge',
        `gatehouse_mail_outbox_pending ${await countPendingMails(deps.db)}`,
        '# TYPE gatehouse_webhook_deliveries_pending gauge',
        `gatehouse_webhook_deliveries_pending ${await countPendingDeliveries(deps.db)}`,
        // Counted by this instance since it started.
        '# TYPE gatehouse_webhook_attempts_total counter',
        `gatehouse_webhook_attempts_total ${webhooks.attempts}`,
        '# TYPE gatehouse_webhook_failures_total counter',
        `gatehouse_webhook_failures_total ${webhooks.failures}`,
        '# TYPE gatehouse_webhook_given_up_total counter',
        `gatehouse_webhook_given_up_total ${webhooks.givenUp}`,
      ];
      return reply.type('text/plain; version=0.0.4').send(`${lines.join('\n')}\n`);
    },
  );
}
