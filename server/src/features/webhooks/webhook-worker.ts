import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { addMs, type Clock, iso } from '../../lib/clock.ts';
import { PollingWorker } from '../../lib/polling-worker.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { announceExpiries, syncPassedTwoFactorDeadlines } from './account-events.ts';
import { signWebhook } from './signing.ts';
import {
  claimDelivery,
  type DueDelivery,
  eraseAccountEvents,
  findDueDeliveries,
  pruneDeliveries,
  recordAttempt,
  updateEndpoint,
} from './webhook.repository.ts';

/**
 * The waits before each retry (decision 055): about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h,
 * 20 h and 24 h, three days in all; ten tries, then the delivery is given up.
 */
export const retrySchedule = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400].map((s) => s * 1000);
export const timeoutMs = 15_000;
const claimMs = 60_000;
const keepMs = 30 * 24 * 60 * 60_000;
const maxRetryAfterMs = 24 * 60 * 60_000;
const batch = 20;

/** ±20 %, so that receivers that failed together are not all tried again at the same instant. */
function withJitter(ms: number): number {
  return Math.round(ms * (0.8 + Math.random() * 0.4));
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now.getTime();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), maxRetryAfterMs);
}

export interface WebhookMetrics {
  attempts: number;
  failures: number;
  givenUp: number;
}

export interface WebhookWorkerDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  secrets: Secrets;
  pollMs: number;
  /** The endpoint of `webhook listen`: this worker delivers to it alone. */
  listenerId?: string;
  /** Hears each event before it is sent (`webhook listen` prints it). */
  onSend?: (delivery: DueDelivery) => void;
}

/**
 * Delivers the webhooks' outbox: signs each event as Standard Webhooks 1.0 says, posts it, and
 * keeps the log (decision 055). Rows are claimed in the database, so several instances share the
 * work and each delivery is made by one of them; an account's next event waits for the one before.
 */
export class WebhookWorker extends PollingWorker {
  readonly #deps: WebhookWorkerDeps;
  protected readonly pollMs: number;
  readonly metrics: WebhookMetrics = { attempts: 0, failures: 0, givenUp: 0 };
  #prunedAt = 0;
  #expiriesAt = 0;

  constructor(deps: WebhookWorkerDeps) {
    super();
    this.#deps = deps;
    this.pollMs = deps.pollMs;
  }

  protected async drain(): Promise<void> {
    const { db, clock, log, listenerId } = this.#deps;
    try {
      const started = clock.now();
      if (started.getTime() - this.#prunedAt > 60 * 60_000) {
        this.#prunedAt = started.getTime();
        await pruneDeliveries(db, iso(addMs(started, -keepMs)));
      }
      // Expiry is a moment, not an action: looked for once a minute (by the clock, which tests move).
      // So is a team's two-factor deadline.
      if (!listenerId && started.getTime() - this.#expiriesAt >= 60_000) {
        const since = this.#expiriesAt === 0 ? undefined : new Date(this.#expiriesAt);
        this.#expiriesAt = started.getTime();
        await announceExpiries(db, clock);
        await syncPassedTwoFactorDeadlines(db, clock, since);
      }
      for (;;) {
        const now = clock.now();
        const due = await findDueDeliveries(db, iso(now), batch, { listenerId });
        const claimed: DueDelivery[] = [];
        for (const delivery of due) {
          if (await claimDelivery(db, delivery.id, iso(now), iso(addMs(now, claimMs)))) claimed.push(delivery);
        }
        // Each is the first pending event of its account at its endpoint: they may go at once.
        await Promise.all(claimed.map((delivery) => this.#attempt(delivery)));
        // A deleted account's last event is out (or given up): nothing of the account stays.
        for (const delivery of claimed) if (delivery.type === 'account.deleted') await eraseAccountEvents(db, delivery.account_key);
        // Another round while this one claimed any: what was delivered or given up lets its
        // account's next event go now.
        if (claimed.length === 0) return;
      }
    } catch (error) {
      log.error({ err: error }, 'webhook worker failed');
    }
  }

  async #attempt(delivery: DueDelivery): Promise<void> {
    const { db, clock, log, secrets, onSend } = this.#deps;
    onSend?.(delivery);
    const attempts = delivery.attempts + 1;
    this.metrics.attempts += 1;
    const startedAt = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    let retryAfter: number | undefined;
    try {
      // The header's time is the wall clock's: receivers refuse a signature more than minutes off theirs.
      const timestamp = Math.floor(Date.now() / 1000);
      const keys = [secrets.open(delivery.secret)];
      if (delivery.previous_secret && delivery.previous_until && delivery.previous_until > iso(clock.now())) {
        keys.push(secrets.open(delivery.previous_secret));
      }
      const response = await fetch(delivery.url, {
        method: 'POST',
        body: delivery.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Gatehouse-Webhooks/1',
          'webhook-id': delivery.event_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(keys, delivery.event_id, timestamp, delivery.payload),
        },
      });
      status = response.status;
      retryAfter = retryAfterMs(response.headers.get('retry-after'), clock.now());
      await response.body?.cancel().catch(() => {});
    } catch (failure) {
      error = failure instanceof Error ? (failure.name === 'TimeoutError' ? 'timed out after 15 s' : failure.message) : String(failure);
    }
    const durationMs = Math.round(performance.now() - startedAt);
    const now = clock.now();
    // The last try's bookkeeping: delivered, or failed for good (a 410, or no try left).
    const finish = (outcome: 'delivered' | 'failed', lastError: string | null) =>
      recordAttempt(db, delivery.id, {
        status: outcome,
        attempts,
        last_status: status,
        last_error: lastError,
        duration_ms: durationMs,
        finished_at: iso(now),
      });
    const where = { endpointId: delivery.endpoint_id, eventId: delivery.event_id, type: delivery.type, attempts };
    if (status !== null && status >= 200 && status < 300) {
      await finish('delivered', null);
      return;
    }
    this.metrics.failures += 1;
    const reason = error ?? `answered ${status}`;
    if (status === 410) {
      // The receiver says it is gone for good: the endpoint is disabled until the operator enables it again.
      await updateEndpoint(db, delivery.endpoint_id, {
        disabled_at: iso(now),
        disabled_reason: 'the receiver answered 410 Gone',
        updated_at: iso(now),
      });
      await finish('failed', reason);
      log.warn(where, 'webhook endpoint disabled: the receiver answered 410 Gone');
      return;
    }
    const wait = retrySchedule[attempts - 1];
    if (wait === undefined) {
      this.metrics.givenUp += 1;
      await finish('failed', reason);
      log.warn(
        { ...where, err: reason },
        'webhook given up after the last try: the endpoint owner must replay it (npm run admin -- webhook replay)',
      );
      return;
    }
    const next = addMs(now, retryAfter ?? withJitter(wait));
    await recordAttempt(db, delivery.id, {
      attempts,
      last_status: status,
      last_error: reason,
      duration_ms: durationMs,
      next_attempt_at: iso(next),
    });
    log.warn({ ...where, err: reason, nextAttemptAt: iso(next) }, 'webhook delivery failed; will retry');
  }
}
