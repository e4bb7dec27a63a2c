/** A counting semaphore whose waiters give up after a timeout. */
export class Semaphore {
  #free: number;
  readonly #waiters = new Set<(release: () => void) => void>();

  constructor(size: number) {
    this.#free = size;
  }

  /** Resolves to a release function, or undefined when no slot freed up in time. */
  acquire(timeoutMs: number): Promise<(() => void) | undefined> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve) => {
      const waiter = (release: () => void) => {
        clearTimeout(timer);
        resolve(release);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        resolve(undefined);
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  get waiting(): number {
    return this.#waiters.size;
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.values().next();
      if (next.done) {
        this.#free += 1;
      } else {
        this.#waiters.delete(next.value);
        next.value(this.#releaser());
      }
    };
  }
}
