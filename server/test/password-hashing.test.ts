import assert from 'node:assert/strict';
import { availableParallelism, loadavg } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { headerLines, nextIp, registerAccount, seedAccount, visitor } from './support/accounts.ts';
import { assertSecurityHeaders } from './support/security-headers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// SECURITY.md, accounts and passwords: argon2id at the production cost (no lowered test cost
// here), off the event loop, capped, and sign-in failures that cost the same for every address.
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

describe('argon2id at the production cost', () => {
  let t: TestApp;
  const password = 'Production cost secret 1';
  before(async () => {
    t = await startTestApp({ productionArgon2: true, env: { TRUST_PROXY: '127.0.0.1' } });
  });
  after(() => t.stop());

  it('runs with m=19 MiB, t=2, p=1 by default and stores salted argon2id hashes', async () => {
    assert.deepEqual(loadConfig({}).argon2, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    assert.deepEqual(t.deps.config.argon2, loadConfig({}).argon2, 'this app runs the defaults');
    const ids = [
      (await registerAccount(t, visitor(t), 'salt-one@example.com', password)).id,
      (await registerAccount(t, visitor(t), 'salt-two@example.com', password)).id,
    ];
    const rows = await t.deps.db.selectFrom('accounts').select('password_hash').where('id', 'in', ids).execute();
    const parts = rows.map((row) =>
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]{22,})\$([A-Za-z0-9+/]{43,})$/.exec(row.password_hash ?? ''),
    );
    assert.equal(parts.length, 2);
    for (const match of parts) assert.ok(match, `an argon2id hash with the default parameters, got ${rows.map((r) => r.password_hash)}`);
    assert.notEqual(parts[0]?.[1], parts[1]?.[1], 'each hash has its own salt');
    assert.notEqual(parts[0]?.[2], parts[1]?.[2], 'the same password hashes differently');
  });

  it('hashes off the event loop: the server keeps answering while hashes run', async () => {
    const email = 'loop@example.com';
    await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
    let hashing = true;
    const burst = Promise.all(Array.from({ length: 6 }, () => visitor(t).postForm('/signin', { email, password }))).finally(() => {
      hashing = false;
    });
    const probes: number[] = [];
    while (hashing) probes.push((await timed(() => visitor(t).get('/health/live'))).ms);
    const answers = await burst;
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(6).fill(200),
    );
    assert.ok(probes.length >= 5, `probed ${probes.length} times while hashing`);
    // One hash takes ~50 ms here; on the event loop every probe would wait for at least one.
    assert.ok(median(probes) < 25, `median /health/live while hashing: ${median(probes).toFixed(1)} ms (${probes.length} probes)`);
  });

  it('answers an unknown e-mail like a wrong password, and as slowly (medians within 10 ms)', async () => {
    const known = 'timing-known@example.com';
    await seedAccount(t, known, { passwordHash: await t.deps.hasher.hash(password) });
    const pending = 'timing-pendg@example.com';
    await seedAccount(t, pending);
    type Kind = 'known' | 'pending' | 'unknown' | 'unhashed';
    const shapes = new Map<string, string>();
    let u = 0;
    // CPU time of this process, argon2's worker threads included.
    const cpuMs = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    // A fresh client address each time, so the (account, IP) wait never starts.
    const attempt = async (kind: Kind): Promise<{ wall: number; cpu: number }> => {
      const email = kind === 'known' ? known : kind === 'pending' ? pending : `timing-u${String(++u).padStart(4, '0')}@example.com`;
      // "unhashed" fails validation before any hash: the cost of a sign-in without argon2.
      const secret = kind === 'unhashed' ? '' : 'Not the right one 9';
      const cpu = cpuMs();
      const { ms, value } = await timed(() => visitor(t).postForm('/signin', { email, password: secret }));
      assert.equal(value.status, kind === 'unhashed' ? 400 : 401, value.text);
      if (kind !== 'unhashed') shapes.set(kind, JSON.stringify([value.text, value.headers.getSetCookie(), headerLines(value.headers)]));
      return { wall: ms, cpu: cpuMs() - cpu };
    };
    await attempt('unknown');

    // Each round times every kind back to back, in rotating order; medians are taken of the
    // per-round differences to the known address, so slow drifts in load cancel out. Wall time
    // is what an attacker sees; CPU time is the work done, which other processes cannot blur.
    const kinds: Kind[] = ['known', 'pending', 'unknown', 'unhashed'];
    const cpuDifferences: Record<Kind, number[]> = { known: [], pending: [], unknown: [], unhashed: [] };
    const reports: string[] = [];
    let wallPassed = false;
    for (let trial = 0; trial < 3 && !wallPassed; trial += 1) {
      const wallDifferences: Record<Kind, number[]> = { known: [], pending: [], unknown: [], unhashed: [] };
      const knownMs: number[] = [];
      for (let round = 0; round < 15; round += 1) {
        const ms: Partial<Record<Kind, { wall: number; cpu: number }>> = {};
        for (const kind of [...kinds.slice(round % 4), ...kinds.slice(0, round % 4)]) ms[kind] = await attempt(kind);
        for (const kind of kinds) {
          wallDifferences[kind].push((ms[kind]?.wall ?? 0) - (ms.known?.wall ?? 0));
          cpuDifferences[kind].push((ms[kind]?.cpu ?? 0) - (ms.known?.cpu ?? 0));
        }
        knownMs.push(ms.known?.wall ?? 0);
      }
      const gap = (kind: Kind) => median(wallDifferences[kind]);
      reports.push(
        `known ${median(knownMs).toFixed(1)} ms; pending ${gap('pending').toFixed(1)}, unknown ${gap('unknown').toFixed(1)}, ` +
          `no hash at all ${gap('unhashed').toFixed(1)} ms from it`,
      );
      wallPassed = Math.abs(gap('pending')) < 10 && Math.abs(gap('unknown')) < 10;
    }
    const cpuGap = (kind: Kind) => median(cpuDifferences[kind]);
    const cpuReport = `pending ${cpuGap('pending').toFixed(1)}, unknown ${cpuGap('unknown').toFixed(1)}, no hash at all ${cpuGap('unhashed').toFixed(1)} ms`;
    const load = loadavg()[0] ?? 0;
    console.log(
      `# sign-in failures (argon2id m=19456 t=2 p=1, 15 rounds a trial), median differences to a known address: ` +
        `wall ${reports.join(' | ')}; CPU ${cpuReport}; load ${load.toFixed(1)} on ${availableParallelism()} cores`,
    );
    assert.equal(new Set(shapes.values()).size, 1, 'same status, body, cookies and headers for every kind');
    // An unknown address must cost a hash: of the CPU a known one spends above a sign-in that
    // hashes nothing, at least half (without the dummy hash it would be about none).
    assert.ok(cpuGap('unknown') - cpuGap('unhashed') > -cpuGap('unhashed') / 2, `an unknown e-mail still costs a hash: CPU ${cpuReport}`);
    assert.ok(Math.abs(cpuGap('pending')) < 10 && Math.abs(cpuGap('unknown')) < 10, `the same work for every address: CPU ${cpuReport}`);
    // Wall-clock medians mean little while other processes hold every core several times over.
    const overloaded = load > 2 * availableParallelism();
    if (!wallPassed && overloaded)
      console.log(`# wall-clock timing not judged: load ${load.toFixed(1)} on ${availableParallelism()} cores`);
    else assert.ok(wallPassed, `known, pending and unknown addresses within 10 ms: ${reports.join(' | ')}`);
  });
});

describe('the cap on hashes in flight', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({
      productionArgon2: true,
      env: { TRUST_PROXY: '127.0.0.1', HASH_CONCURRENCY: '1', HASH_QUEUE_TIMEOUT_MS: '150' },
    });
  });
  after(() => t.stop());

  it('lets a burst wait briefly, then refuses the excess with 503 and Retry-After, within bounded memory', async () => {
    const rss = [process.memoryUsage().rss];
    let bursting = true;
    const sampler = (async () => {
      while (bursting) {
        rss.push(process.memoryUsage().rss);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        timed(() =>
          t.client({ 'x-forwarded-for': nextIp() }).postForm('/signin', { email: `burst${i}@example.com`, password: 'Whatever it is 1' }),
        ),
      ),
    );
    bursting = false;
    await sampler;
    const statuses = answers.map((answer) => answer.value.status);
    const served = statuses.filter((status) => status === 401).length;
    const busy = answers.filter((answer) => answer.value.status === 503);
    assert.equal(served + busy.length, 40, `only 401 or 503: ${statuses.join(' ')}`);
    assert.ok(served >= 2, `more than the one free slot got served after a short wait (${served})`);
    assert.ok(busy.length >= 10, `the excess is refused (${busy.length} of 40)`);
    for (const { value } of busy) {
      assert.deepEqual(value.json, {
        error: 'The service is busy. Please try again in a moment',
        code: 'server.busy',
        requestId: value.json.requestId,
      });
      assert.ok(Number(value.headers.get('retry-after')) >= 1);
      assertSecurityHeaders(value.headers, 'a 503');
    }
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    assert.ok(slowest < 3000, `every answer came within 3 s (slowest ${slowest.toFixed(0)} ms)`);
    const growth = (Math.max(...rss) - (rss[0] ?? 0)) / 2 ** 20;
    console.log(
      `# hash cap: 40 at once with HASH_CONCURRENCY=1: ${served} served, ${busy.length} refused, slowest ${slowest.toFixed(0)} ms, RSS +${growth.toFixed(0)} MiB`,
    );
    assert.ok(growth < 100, `RSS grew ${growth.toFixed(0)} MiB`);

    const after = await t
      .client({ 'x-forwarded-for': nextIp() })
      .postForm('/signin', { email: 'burst0@example.com', password: 'Whatever it is 1' });
    assert.equal(after.status, 401, 'served again once the burst is over');
  });
});
