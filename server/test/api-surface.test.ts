import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api } from '@gatehouse/contract';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { dumpDatabase, seedAccount, signIn, visitor } from './support/accounts.ts';
import { startBehindProxy, startTestApp, type TestApp } from './support/test-app.ts';

// What the API exposes: every call it answers is in /openapi.json, state changes only through
// POST/PUT/DELETE, and /metrics only with its token.
const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
const samples: Record<string, string> = { id: '00000000-0000-4000-8000-000000000000', license: 'GH-0000-0000-0000-0000' };
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => samples[name] ?? 'x');
const documented = (path: string) => path.replace(/:(\w+)/g, '{$1}');
// A local tool that exists only on a loopback listener; not part of the API.
const undocumented = new Set<string>([api.devMailbox]);

describe('the API surface', () => {
  let t: TestApp;
  const metricsToken = 'metrics-token-0123456789abcdef';
  before(async () => (t = await startBehindProxy({ env: { METRICS_TOKEN: metricsToken } })));
  after(() => t.stop());

  it('describes in /openapi.json every call it answers', async () => {
    const spec = (await visitor(t).get('/openapi.json')).json;
    const paths: Record<string, Record<string, unknown>> = spec.paths;
    const answered: string[] = [];
    // A concrete URL may be answered by another documented template (GET /license/activate is GET /license/{license}).
    const templates = Object.entries(paths).flatMap(([template, operations]) =>
      Object.keys(operations).map((method) => ({ method, pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`) })),
    );
    const isDocumented = (method: string, url: string) => templates.some((entry) => entry.method === method && entry.pattern.test(url));
    for (const path of Object.values(api)) {
      if (undocumented.has(path)) continue;
      for (const method of methods) {
        const answer = await visitor(t).request(method, concrete(path), method === 'GET' ? {} : { json: {} });
        if (answer.status === 404 && answer.json?.code === 'request.not_found') continue;
        answered.push(`${method} ${path}`);
        assert.ok(
          paths[documented(path)]?.[method.toLowerCase()] || isDocumented(method.toLowerCase(), concrete(path)),
          `${method} ${documented(path)} answers ${answer.status} but is not documented`,
        );
      }
    }
    assert.ok(answered.length >= 25, `found ${answered.length} calls: ${answered.join(', ')}`);
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        assert.ok((operation as { summary?: string }).summary, `${method.toUpperCase()} ${path} has a summary`);
      }
    }
  });

  it('changes state only through POST, PUT and DELETE', async () => {
    const spec = (await visitor(t).get('/openapi.json')).json;
    const email = 'reader@example.com';
    const password = 'Read only secret 77';
    await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
    const reader = await signIn(t, email, password);
    const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'pro', count: 1, kind: 'standalone' });
    await t.outbox.flush();
    // Sessions are left out: reading refreshes a session's idle expiry, by design.
    const before = await dumpDatabase(t.deps.db, ['sessions']);
    let reads = 0;
    let refused = 0;
    for (const [path, operations] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
      const url = path.replace('{license}', key).replace('{id}', samples.id ?? '');
      for (const method of Object.keys(operations)) {
        if (method === 'get') {
          const answer = await reader.request('GET', url, { headers: { authorization: `Bearer ${metricsToken}` } });
          assert.ok(answer.status < 500, `GET ${url}: ${answer.status}`);
          reads += 1;
        } else {
          // A state-changing call reached by GET or HEAD (a link, an <img>, a prefetch) does nothing.
          for (const verb of ['GET', 'HEAD']) {
            if (operations.get) continue;
            const answer = await reader.request(verb, url);
            assert.ok(answer.status >= 400 && answer.status < 500, `${verb} ${url}: ${answer.status}`);
            refused += 1;
          }
        }
      }
    }
    assert.ok(reads >= 10 && refused >= 20, `${reads} reads, ${refused} refused`);
    await t.outbox.flush();
    assert.ok((await dumpDatabase(t.deps.db, ['sessions'])) === before, 'no GET or HEAD changed anything');
    assert.equal((await reader.get('/session')).json.data.account.email, email, 'GET /signout signed nobody out');
  });

  it('serves /metrics only with its token', async () => {
    const unauthenticated = await visitor(t).get('/metrics');
    assert.equal(unauthenticated.status, 401);
    assert.equal(unauthenticated.headers.get('www-authenticate'), 'Bearer');
    assert.equal((await visitor(t).get('/metrics', { authorization: `Bearer ${metricsToken}x` })).status, 401);
    assert.equal((await visitor(t).get('/metrics', { authorization: metricsToken })).status, 401, 'the Bearer scheme is required');
    const metrics = await visitor(t).get('/metrics', { authorization: `Bearer ${metricsToken}` });
    assert.equal(metrics.status, 200);
    assert.match(metrics.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(metrics.text, /^gatehouse_mail_outbox_pending \d+$/m);
    assert.match(metrics.text, /^gatehouse_uptime_seconds \d+$/m);

    const without = await startTestApp();
    try {
      const answer = await without.client().get('/metrics', { authorization: 'Bearer ' });
      assert.deepEqual([answer.status, answer.json.code], [404, 'request.not_found'], 'no token configured: no endpoint');
      assert.equal((await without.client().get('/openapi.json')).json.paths['/metrics'], undefined);
    } finally {
      await without.stop();
    }
  });
});
