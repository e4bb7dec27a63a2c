import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { redisReachable, redisUrl } from './support/redis.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const reachable = await redisReachable();
describe('rate limits shared through Redis', { skip: !reachable && 'Redis not reachable' }, () => {
  let first: TestApp;
  let second: TestApp;
  before(async () => {
    const env = { REDIS_URL: redisUrl };
    first = await startTestApp({ env });
    second = await startTestApp({ env });
  });
  after(async () => {
    await first.stop();
    await second.stop();
  });

  it('a limit reached on one instance holds on another', async () => {
    const email = `shared-${Date.now()}@example.com`;
    const body = { email, dataProcessingConsent: true };
    assert.equal((await first.client().post('/user/signup', body)).status, 200);
    const again = await second.client().post('/user/signup', body);
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
    const started = Date.now();
    const ready = await app.client().get('/health/ready');
    assert.equal(ready.status, 503);
    const signup = await app.client().post('/user/signup', { email: 'down@example.com', dataProcessingConsent: true });
    assert.equal(signup.status, 503);
    assert.equal(signup.json.code, 'server.unavailable');
    assert.ok(Date.now() - started < 4000, 'both answered within 2 s each');
    assert.equal((await app.client().get('/health/live')).status, 200);
  });
});
