import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { PollingWorker } from '../../lib/polling-worker.ts';
import { deleteDeadSessions } from './session.repository.ts';

const batch = 500;

/** Short-lived rows that are worth nothing past `expires_at`, by their key column. */
const expiring = { two_factor_challenges: 'id', app_hand_overs: 'token_key' } as const;

async function deleteExpired(db: Db, table: keyof typeof expiring, now: string, limit: number): Promise<number> {
  const key = expiring[table];
  const dead = db.selectFrom(table).select(key).where('expires_at', '<=', now).limit(limit);
  const rows = await db.deleteFrom(table).where(key, 'in', dead).returning(key).execute();
  return rows.length;
}

/** Runs `step` until it deletes less than a batch; how many rows went in all. */
async function inBatches(step: (limit: number) => Promise<number>): Promise<number> {
  let swept = 0;
  for (let deleted = batch; deleted === batch; swept += deleted) deleted = await step(batch);
  return swept;
}

/**
 * Deletes the sessions nobody can use any more, and expired two-factor challenges and panel
 * hand-overs, every `pollMs` (an hour in production): without it every sign-in would leave rows
 * behind for good. In batches, so that no sweep holds a table for long; several instances
 * sweeping at once delete each row once.
 */
export class SessionSweeper extends PollingWorker {
  readonly #deps: Pick<Deps, 'db' | 'clock' | 'log'>;
  protected readonly pollMs: number;

  constructor(deps: Pick<Deps, 'db' | 'clock' | 'log'>, pollMs: number) {
    super();
    this.#deps = deps;
    this.pollMs = pollMs;
  }

  protected async drain(): Promise<void> {
    const { db, clock, log } = this.#deps;
    try {
      const now = iso(clock.now());
      const swept: Record<string, number> = { sessions: await inBatches((limit) => deleteDeadSessions(db, now, limit)) };
      for (const table of Object.keys(expiring) as (keyof typeof expiring)[])
        swept[table] = await inBatches((limit) => deleteExpired(db, table, now, limit));
      if (Object.values(swept).some((count) => count > 0)) log.info({ swept }, 'rows nobody can use any more deleted');
    } catch (error) {
      log.error({ err: error }, 'session sweep failed');
    }
  }
}
