import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { eventually, nextIp, registerAccount, visitor } from './support/accounts.ts';
import { dialects, freshDatabase } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { assertSecurityHeaders } from './support/security-headers.ts';
import { TcpProxy } from './support/tcp-proxy.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// docs/security-targets.md, durability and faults: PostgreSQL or Redis down. Each runs behind a TCP relay the
// test stops and restarts: readiness fails fast, requests get 503 within 2 s (no hang), the
// process survives, and it recovers by itself when the service is back. The 2 s are judged on
// the median of all answers of an outage (a regression, such as retrying the connection, slows
// every one of them; the load of a busy machine delays a few), and a hang on the slowest one.
const limitMs = 2000;
const hangMs = 10_000;

async function timed(work: () => Promise<{ status: number; json?: { code?: string }; headers: Headers }>) {
  const started = performance.now();
  const answer = await work();
  return { ...answer, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const latencies: Record<string, number[]> = {};
function assertUnavailable(answer: Awaited<ReturnType<typeof timed>>, what: string, service = 'any') {
  latencies[service] = [...(latencies[service] ?? []), answer.ms];
  assert.equal(answer.status, 503, what);
  assert.equal(answer.json?.code, 'server.unavailable', what);
  assert.ok(answer.ms < hangMs, `${what} took ${answer.ms.toFixed(0)} ms`);
  assertSecurityHeaders(answer.headers, what);
  assert.ok(Number(answer.headers.get('retry-after')) >= 1, `${what}: Retry-After`);
}

function assertFast(service: string, label: string) {
  const ms = latencies[service] ?? [];
  console.log(`# ${label} down: ${ms.length} answers 503, median ${median(ms).toFixed(0)} ms, slowest ${Math.max(...ms).toFixed(0)} ms`);
  assert.ok(median(ms) < limitMs, `${label} down: median answer ${median(ms).toFixed(0)} ms`);
}

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

const hasPostgres = (await dialects('persistence')).includes('postgres');

describe('PostgreSQL down and back', { skip: !hasPostgres && 'PostgreSQL not reachable' }, () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let member: TestClient;
  const password = 'Outage proof secret 5';
  before(async () => {
    const database = await freshDatabase('postgres');
    drop = database.drop;
    proxy = new TcpProxy(5432);
    await proxy.up();
    const url = new URL(database.url);
    url.port = String(proxy.port);
    t = await startTestApp({ databaseUrl: url.toString(), env: { TRUST_PROXY: '127.0.0.1' } });
    member = visitor(t);
    await registerAccount(t, member, 'steady@example.com', password);
  });
  after(async () => {
    await t.stop();
    await proxy.down();
    await drop();
  });

  it('fails readiness and requests with 503 within 2 s, keeps living, and recovers without a restart', async () => {
    await proxy.down();
    assertUnavailable(await timed(() => visitor(t).get('/health/ready')), 'readiness');
    assertUnavailable(
      await timed(() => visitor(t).post('/user/signup', { email: 'during@example.com', dataProcessingConsent: true })),
      'sign-up',
    );
    assertUnavailable(await timed(() => member.get('/session')), 'session');
    assertUnavailable(await timed(() => visitor(t).postForm('/signin', { email: 'steady@example.com', password })), 'sign-in');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        timed(() => visitor(t).post('/user/signup', { email: `burst${i}@example.com`, dataProcessingConsent: true })),
      ),
    );
    for (const [i, answer] of burst.entries()) assertUnavailable(answer, `burst ${i}`);
    assert.equal((await visitor(t).get('/health/live')).status, 200, 'the process lives on');

    await proxy.up();
    await eventually(
      async () => ((await visitor(t).get('/health/ready')).status === 200 ? true : undefined),
      'readiness after recovery',
      10_000,
    );
    assert.equal((await member.get('/session')).json.data.account.email, 'steady@example.com', 'the session survived the outage');
    assert.equal((await visitor(t).post('/user/signup', { email: 'after@example.com', dataProcessingConsent: true })).status, 200);
    assert.equal((await visitor(t).postForm('/signin', { email: 'steady@example.com', password })).status, 200);
    assertFast('any', 'PostgreSQL');
    assert.ok(proxy.peak <= 10, `at most the pool's 10 connections were ever open (peak ${proxy.peak})`);
  });
});

const redisUp = await (async () => {
  const probe = new Redis('redis://127.0.0.1:6379', {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();

if (!redisUp && process.env.REQUIRE_REDIS === '1')
  throw new Error('Redis at 127.0.0.1:6379 is required (REQUIRE_REDIS=1) but not reachable');

describe('Redis down and back', { skip: !redisUp && 'Redis not reachable' }, () => {
  let t: TestApp;
  let proxy: TcpProxy;
  before(async () => {
    proxy = new TcpProxy(6379);
    await proxy.up();
    t = await startTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, TRUST_PROXY: '127.0.0.1' } });
  });
  after(async () => {
    await t.stop();
    await proxy.down();
  });

  it('serves from the first request, fails fast with 503 while Redis is down, and recovers without a restart', async () => {
    const signup = () => visitor(t).post('/user/signup', { email: uniqueEmail('redis'), dataProcessingConsent: true });
    assert.equal((await signup()).status, 200, 'the first request after start finds Redis connected');
    assert.equal((await visitor(t).get('/health/ready')).status, 200);

    await proxy.down();
    assertUnavailable(await timed(() => visitor(t).get('/health/ready')), 'readiness', 'redis');
    assertUnavailable(await timed(signup), 'sign-up', 'redis');
    const burst = await Promise.all(Array.from({ length: 20 }, () => timed(signup)));
    for (const [i, answer] of burst.entries()) assertUnavailable(answer, `burst ${i}`, 'redis');
    assertFast('redis', 'Redis');
    const free = await visitor(t).get('/session');
    assert.deepEqual([free.status, free.json], [200, { data: null }], 'what needs no Redis still answers');

    await proxy.up();
    await eventually(
      async () => ((await visitor(t).get('/health/ready')).status === 200 ? true : undefined),
      'readiness after recovery',
      10_000,
    );
    assert.equal((await signup()).status, 200);
    assert.equal((await t.client({ 'x-forwarded-for': nextIp() }).get('/health/ready')).status, 200);
  });
});

describe('SQLite file held by another process past the busy timeout', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ dialect: 'sqlite', env: { TRUST_PROXY: '127.0.0.1' } });
  });
  after(() => t.stop());

  it('answers a write 503 with Retry-After, stores nothing, spends no mail allowance, and writes again once the file is free', async () => {
    // Another process (a backup, an operator's sqlite3 shell) holding the write lock.
    const other = new DatabaseSync(fileURLToPath(t.databaseUrl));
    other.exec('begin immediate');
    const email = uniqueEmail('held');
    try {
      assertUnavailable(await timed(() => visitor(t).post('/user/signup', { email, dataProcessingConsent: true })), 'sign-up');
      assert.equal((await visitor(t).get('/health/live')).status, 200, 'the process lives on');
    } finally {
      other.exec('rollback');
      other.close();
    }
    const stored = await t.deps.db.selectFrom('accounts').select('id').where('email', '=', email).execute();
    assert.equal(stored.length, 0, 'the refused sign-up left nothing');
    const after = uniqueEmail('freed');
    assert.equal((await visitor(t).post('/user/signup', { email: after, dataProcessingConsent: true })).status, 200);
    // The refused sign-up sent no mail, so it spent none of the address's allowance (one a
    // minute): the person's retry goes through and gets the mail.
    const retry = await visitor(t).post('/user/signup', { email, dataProcessingConsent: true });
    assert.equal(retry.status, 200, retry.text);
    await t.smtp.waitFor(email, (mail) => mail.text.includes('/activate-email?'));
  });
});
