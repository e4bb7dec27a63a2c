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

/**
 * Waits (at most `ms`) for the first connection, so an instance does not answer its first
 * requests with 503 while Redis is merely still connecting. A Redis that is down does not hold
 * up the start: requests that need it get 503 until it is back.
 */
export function redisConnected(redis: Redis, ms = 2000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
