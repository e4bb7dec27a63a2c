import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { nextIp } from './support/accounts.ts';
import { redisReachable, redisUrl } from './support/redis.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const reachable = await redisReachable();
describe('rate limits shared through Redis', { skip: !reachable && 'Redis not reachable' }, () => {
  let first: TestApp;
  let second: TestApp;
  before(async () => {
    // Behind a proxy, so each test names its own client address: counters in the shared Redis
    // outlive this process, and a fixed address (127.0.0.1) would fill up across runs.
    const env = { REDIS_URL: redisUrl, TRUST_PROXY: '127.0.0.1' };
    first = await startTestApp({ env });
    second = await startTestApp({ env });
  });
  after(async () => {
    await first.stop();
    await second.stop();
  });

  it('a limit reached on one instance holds on another', async () => {
    const email = `shared-${randomUUID()}@example.com`;
    const body = { email, dataProcessingConsent: true };
    assert.equal((await first.client({ 'x-forwarded-for': nextIp() }).post('/user/signup', body)).status, 200);
    const again = await second.client({ 'x-forwarded-for': nextIp() }).post('/user/signup', body);
    assert.equal(again.status, 429, 'the second instance sees the first one-a-minute mail');
    assert.ok(Number(again.headers.get('retry-after')) > 0);
  });

  it('reports Redis in readiness', async () => {
    assert.equal((await first.client().get('/health/ready')).status, 200);
  });
});

describe('Redis down', () => {
  let app: TestApp;
  before(async () => {
    // Nothing listens on this port: Redis is "down" from the start.
    app = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6399' } });
  });
  after(() => app.stop());

  it('fails readiness and requests fast with 503, and still answers what needs no Redis', async () => {
    // Only a hang is judged here (a bound no load reaches); the 2 s promise is judged on the
    // median of many answers in dependency-faults.test.ts.
    const started = performance.now();
    const ready = await app.client().get('/health/ready');
    assert.equal(ready.status, 503);
    const signup = await app.client().post('/user/signup', { email: 'down@example.com', dataProcessingConsent: true });
    assert.equal(signup.status, 503);
    assert.equal(signup.json.code, 'server.unavailable');
    assert.ok(performance.now() - started < 10_000, 'both answered, neither waited for Redis');
    assert.equal((await app.client().get('/health/live')).status, 200);
  });
});
