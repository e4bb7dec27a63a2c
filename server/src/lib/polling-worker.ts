/** Backoff between attempts: 5 s, 10 s, 20 s … capped at 15 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** (attempts - 1), 15 * 60_000);

/**
 * An outbox's worker: drains what is due every `pollMs`, at once when kicked, never twice at a
 * time in one process (rows are claimed in the database, so several instances share the work).
 */
export abstract class PollingWorker {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  protected abstract readonly pollMs: number;

  /** Handles everything due now; must not throw. */
  protected abstract drain(): Promise<void>;

  start(): void {
    this.#stopped = false;
    this.#schedule();
  }

  /** Wakes the worker right after a commit that wrote to its outbox. */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.drain().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
  }

  /** Handles everything due now; resolves when done (used by tests and shutdown). */
  async flush(): Promise<void> {
    while (this.#running) await this.#running;
    // Held as the running drain, so a poll meanwhile waits instead of claiming rows from under it.
    this.#running = this.drain().finally(() => {
      this.#running = undefined;
    });
    await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    while (this.#running) await this.#running;
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.kick();
      if (!this.#stopped) this.#schedule();
    }, this.pollMs);
    this.#timer.unref();
  }
}
