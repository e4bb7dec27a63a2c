import { Redis } from 'ioredis';

/**
 * The shared Redis for rate limits across instances. It fails fast instead of queueing: a
 * request that needs Redis while it is down gets an error (503) at once, and the client
 * reconnects by itself when Redis is back.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}
