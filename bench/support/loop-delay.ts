// Loaded with `--import` into the server under test (bench/api.ts), never into the product: the
// event loop's delay (perf_hooks.monitorEventLoopDelay) since the last ask. On SIGUSR2 it writes
// one line to stderr, `event-loop-delay {"p50":…,"p99":…,"max":…}` in milliseconds, and starts over.
import { writeSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

export const loopDelayMarker = 'event-loop-delay ';

if (isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
    const figures = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
    writeSync(2, `${loopDelayMarker}${JSON.stringify(figures)}\n`);
    histogram.reset();
  });
}
