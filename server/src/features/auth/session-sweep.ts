import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { PollingWorker } from '../../lib/polling-worker.ts';
import { deleteDeadSessions } from './session.repository.ts';

const batch = 500;

/**
 * Deletes the sessions nobody can use any more, every `pollMs` (an hour in production): without
 * it every sign-in would leave a row behind for good. In batches, so that no sweep holds the
 * table for long; several instances sweeping at once delete each row once.
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
      let swept = 0;
      for (let deleted = batch; deleted === batch; swept += deleted) deleted = await deleteDeadSessions(db, iso(clock.now()), batch);
      if (swept > 0) log.info({ swept }, 'ended sessions deleted');
    } catch (error) {
      log.error({ err: error }, 'session sweep failed');
    }
  }
}
