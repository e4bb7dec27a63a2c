import { Redis } from 'ioredis';
import { registerPanel, type TestPanel } from './panels.ts';
import { startBehindProxy, type TestApp } from './test-app.ts';

export const redisUrl = 'redis://127.0.0.1:6379';

let reachable: Promise<boolean> | undefined;

/**
 * Whether Redis answers at 127.0.0.1:6379; three tries of 3 s each, since a loaded machine (CI,
 * two cores) can be slow to answer once. With REQUIRE_REDIS=1 (CI) an unreachable Redis fails
 * the run instead of skipping.
 */
export function redisReachable(): Promise<boolean> {
  reachable ??= (async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const probe = new Redis(redisUrl, {
        lazyConnect: true,
        connectTimeout: 3000,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        retryStrategy: () => null,
      });
      try {
        await probe.connect();
        await probe.ping();
        return true;
      } catch {
        // try again
      } finally {
        probe.disconnect();
      }
    }
    if (process.env.REQUIRE_REDIS === '1') throw new Error('Redis at 127.0.0.1:6379 is required (REQUIRE_REDIS=1) but not reachable');
    console.log('# Redis not reachable at 127.0.0.1:6379: shared rate-limit tests skipped');
    return false;
  })();
  return reachable;
}

/**
 * Two instances on one database sharing Redis, as behind a load balancer, and a panel: for
 * limits that must hold across instances. One mail server for both: either instance's outbox
 * worker may send a mail.
 */
export async function startTwoInstances(): Promise<{ first: TestApp; second: TestApp; panel: TestPanel; stop: () => Promise<void> }> {
  const env = { REDIS_URL: redisUrl, SECRET_KEY: 'shared-instances-secret-key-of-forty-chars' };
  const first = await startBehindProxy({ env });
  const second = await startBehindProxy({ env, databaseUrl: first.databaseUrl, smtp: first.smtp });
  const stop = async () => {
    await second.stop();
    await first.stop();
  };
  return { first, second, panel: await registerPanel(first), stop };
}
