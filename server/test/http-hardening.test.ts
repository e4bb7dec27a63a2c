import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { api } from '@gatehouse/contract';
import { seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { rawGet } from './support/http-client.ts';
import { assertSecurityHeaders } from './support/security-headers.ts';
import { ownTeam, person, seedInvitation, teamPassword } from './support/teams.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const json = (body: string, path = '/user/signup') => ({ path, body, headers: { 'content-type': 'application/json' } });
const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

/** What another site's request carries: a foreign or opaque Origin, or the browser's Sec-Fetch-Site. */
const foreign: Array<Record<string, string>> = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
];

for (const dialect of await dialects('behaviour')) {
  describe(`HTTP hardening (${dialect})`, () => {
    let t: TestApp;
    let webRoot: string;
    const password = 'Hardened secret 31';
    before(async () => {
      webRoot = mkdtempSync(join(tmpdir(), 'gatehouse-web-'));
      writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Gatehouse</title><div id="root"></div>');
      mkdirSync(join(webRoot, 'assets'));
      writeFileSync(join(webRoot, 'assets', 'app.js'), 'console.log(1);');
      t = await startTestApp({ dialect, env: { WEB_ROOT: webRoot, TRUST_PROXY: '127.0.0.1' } });
      await seedAccount(t, 'guard@example.com', { passwordHash: await t.deps.hasher.hash(password) });
    });
    after(async () => {
      await t.stop();
      rmSync(webRoot, { recursive: true, force: true });
    });
    const send = (init: { path: string; body: string; headers: Record<string, string> }, method = 'POST') =>
      visitor(t).request(method, init.path, { body: init.body, headers: init.headers });

    it('sends the security headers on every kind of answer', async () => {
      const signedIn = await signIn(t, 'guard@example.com', password);
      const limited = visitor(t);
      await limited.post('/user/signup', { email: 'twice@example.com', dataProcessingConsent: true });
      const answers: Record<string, { status: number; headers: Headers }> = {
        'page 200': await visitor(t).get('/login', { accept: 'text/html' }),
        'unknown page 404': await visitor(t).get('/no-such-screen', { accept: 'text/html' }),
        'asset 200': await visitor(t).get('/assets/app.js'),
        'runtime config 200': await visitor(t).get('/runtime-config.js'),
        'redirect 301': await visitor(t).get('/login/'),
        'session 200': await signedIn.get('/session'),
        'sessions 200': await signedIn.get('/sessions'),
        'openapi 200': await visitor(t).get('/openapi.json'),
        'live 200': await visitor(t).get('/health/live'),
        'ready 200': await visitor(t).get('/health/ready'),
        'head 200': await visitor(t).request('HEAD', '/session'),
        'validation 400': await visitor(t).post('/user/signup', {}),
        'malformed 400': await send(json('{"email":')),
        'sign-in 401': await visitor(t).postForm('/signin', { email: 'guard@example.com', password: 'wrong password' }),
        'no session 401': await visitor(t).get('/sessions'),
        'cross-site 403': await visitor(t, { origin: 'https://evil.example' }).post('/signout'),
        'api 404': await visitor(t).get('/nope', { accept: 'application/json' }),
        'method 404': await visitor(t).request('PATCH', '/profile', { json: {} }),
        'too large 413': await send(json(JSON.stringify({ pad: 'x'.repeat(20_000) }))),
        'content type 415': await send({ path: '/user/signup', body: 'a', headers: { 'content-type': 'text/plain' } }),
        'rate limit 429': await limited.post('/user/resend-verification', { email: 'twice@example.com' }),
      };
      for (const [what, answer] of Object.entries(answers)) {
        assert.equal(String(answer.status), what.split(' ').at(-1), `${what}: status`);
        assertSecurityHeaders(answer.headers, what);
      }
      for (const what of ['session 200', 'sessions 200', 'validation 400', 'sign-in 401', 'api 404', 'rate limit 429']) {
        assert.equal(answers[what]?.headers.get('cache-control'), 'no-store', `${what}: API answers are not cached`);
      }
    });

    it('refuses bodies over 16 KiB, whatever their encoding', async () => {
      const big = 'x'.repeat(17 * 1024);
      const answers = [
        await send(json(JSON.stringify({ email: 'big@example.com', dataProcessingConsent: true, pad: big }))),
        await visitor(t).postForm('/signin', { email: 'guard@example.com', password: big }),
        await visitor(t).postMultipart('/signin', { email: 'guard@example.com', password: big }),
        // Chunked, with no Content-Length to check up front.
        await visitor(t).request('POST', '/user/signup', {
          body: new Blob([JSON.stringify({ email: 'chunked@example.com', dataProcessingConsent: true, pad: big })]).stream(),
          headers: { 'content-type': 'application/json' },
        }),
      ];
      for (const answer of answers) {
        assert.equal(answer.status, 413, answer.text);
        assert.deepEqual(answer.json, { error: 'The request is too large', code: 'request.too_large' });
      }
    });

    it('refuses other content types with 415', async () => {
      for (const type of ['text/plain', 'application/xml']) {
        const body = JSON.stringify({ email: 'plain@example.com', dataProcessingConsent: true });
        const answer = await send({ path: '/user/signup', body, headers: { 'content-type': type } });
        assert.equal(answer.status, 415, `${type}: ${answer.text}`);
        assert.equal(answer.json.code, 'request.unsupported_media_type');
      }
    });

    it('answers malformed JSON with a generic 400 and no stack', async () => {
      const answer = await send(json('{"email": "a@example.com", '));
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.json, { error: 'The request could not be read', code: 'request.malformed' });
      assert.doesNotMatch(answer.text, /SyntaxError|Unexpected|at \w|\.ts:\d/);
    });

    it('refuses bodies nested deeper than 8 levels or with more than 200 keys', async () => {
      const wide = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i]));
      for (const body of [
        { email: 'deep@example.com', extra: nested(9) },
        { email: 'wide@example.com', ...wide },
      ]) {
        const answer = await send(json(JSON.stringify({ dataProcessingConsent: true, ...body })));
        assert.equal(answer.status, 400);
        assert.deepEqual(answer.json, { error: 'The request has too many nested or repeated fields', code: 'request.too_complex' });
      }
      const manyKeys = Array.from({ length: 300 }, (_, i) => `k${i}=1`).join('&');
      const form = await send({
        path: '/signin',
        body: `email=guard%40example.com&password=x&${manyKeys}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(form.status, 400, 'urlencoded bodies too');
      assert.equal(form.json.code, 'request.too_complex');
      const fine = await send(json(JSON.stringify({ email: 'fine@example.com', dataProcessingConsent: true, extra: nested(6) })));
      assert.equal(fine.status, 200, 'ordinary nesting passes');
    });

    it('ignores prototype-pollution keys', async () => {
      const body =
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"email":"proto@example.com","dataProcessingConsent":true}';
      const answer = await send(json(body));
      assert.equal(answer.status, 200, answer.text);
      assert.equal(({} as { polluted?: boolean }).polluted, undefined, 'Object.prototype is untouched');
      const row = await t.deps.db.selectFrom('accounts').select('email').where('email_key', '=', 'proto@example.com').executeTakeFirst();
      assert.equal(row?.email, 'proto@example.com');
    });

    it('treats SQL-looking input as plain data', async () => {
      const client = await signIn(t, 'guard@example.com', password);
      const firstName = "Robert'); DROP TABLE accounts;--";
      const familyName = '" OR 1=1; DELETE FROM sessions; --';
      const saved = await client.put('/profile', { firstName, familyName });
      assert.equal(saved.status, 200, saved.text);
      const session = await client.get('/session');
      assert.equal(session.json.data.account.firstName, firstName);
      assert.equal(session.json.data.account.familyName, familyName);

      const email = "o'reilly--@example.com";
      assert.equal((await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
      const rows = await t.deps.db.selectFrom('accounts').select('email').where('email', '=', email).execute();
      assert.deepEqual(
        rows.map((row) => row.email),
        [email],
      );
      const brand = await visitor(t).get(`/white-label?host=${encodeURIComponent("x' OR '1'='1")}`);
      assert.equal(brand.json.data.brandName, 'Gatehouse');
    });

    it('refuses cross-site state changes, login included, and changes nothing', async () => {
      const client = await signIn(t, 'guard@example.com', password);
      await client.put('/profile', { firstName: 'Before' });
      for (const headers of foreign) {
        const answer = await client.request('PUT', '/profile', { json: { firstName: 'Evil' }, headers });
        assert.equal(answer.status, 403, JSON.stringify(headers));
        assert.deepEqual(answer.json, { error: 'Requests from other sites are not allowed', code: 'request.cross_site' });
        const login = await visitor(t, headers).postForm('/signin', { email: 'guard@example.com', password });
        assert.equal(login.status, 403, 'no login CSRF');
        assert.deepEqual(login.headers.getSetCookie(), []);
      }
      assert.equal((await client.get('/session')).json.data.account.firstName, 'Before');

      const own = await client.request('PUT', '/profile', {
        json: { firstName: 'After' },
        headers: { origin: t.url, 'sec-fetch-site': 'same-origin' },
      });
      assert.equal(own.status, 200, own.text);
      assert.equal(own.json.data.firstName, 'After');
    });

    it('refuses a cross-site PATCH as it refuses POST, PUT and DELETE (a team role change), and changes nothing', async () => {
      const hash = await t.deps.hasher.hash(teamPassword);
      const owner = await person(t, hash, 'patch-owner');
      const member = await person(t, hash, 'patch-member');
      const { token } = await seedInvitation(t, owner.teamId, member.email);
      assert.equal((await member.client.post(`/invitations/${token}/accept`)).status, 200);
      const membership = (await ownTeam(owner.client)).members.find((m: { email: string }) => m.email === member.email);
      const path = `/team/members/${membership.id}`;
      for (const headers of foreign) {
        const answer = await owner.client.request('PATCH', path, { json: { role: 'admin' }, headers });
        assert.equal(answer.status, 403, JSON.stringify(headers));
        assert.equal(answer.json.code, 'request.cross_site');
      }
      assert.equal((await ownTeam(owner.client)).members.find((m: { email: string }) => m.email === member.email).role, 'member');
      const own = await owner.client.request('PATCH', path, {
        json: { role: 'admin' },
        headers: { origin: t.url, 'sec-fetch-site': 'same-origin' },
      });
      assert.equal(own.status, 200, own.text);
      assert.equal((await ownTeam(owner.client)).members.find((m: { email: string }) => m.email === member.email).role, 'admin');
    });

    it('moves "/page/" to "/page" permanently, and never to another site', async () => {
      assert.deepEqual(await rawGet(t.url, '/login/'), { status: 301, location: '/login' });
      assert.deepEqual(await rawGet(t.url, '/a/b/?x=1'), { status: 301, location: '/a/b?x=1' });
      assert.notEqual((await rawGet(t.url, '/')).status, 301);
      for (const path of ['//evil.example/', '///evil.example//', '/\\evil.example/', '/\\/evil.example/']) {
        const moved = await rawGet(t.url, path);
        assert.equal(moved.status, 301, path);
        assert.match(moved.location ?? '', /^\/[^/\\]/, `${path} → ${moved.location} must stay on this site`);
      }
    });

    it('answers unknown API paths with a coded 404', async () => {
      const answer = await visitor(t).post('/nope');
      assert.equal(answer.status, 404);
      assert.deepEqual(answer.json, { error: 'Page not found: /nope', code: 'request.not_found' });
      assert.equal((await visitor(t).get('/nope?token=secret', { accept: 'application/json' })).json.error, 'Page not found: /nope');
    });

    it('describes every implemented call in /openapi.json', async () => {
      const answer = await visitor(t).get('/openapi.json');
      assert.equal(answer.status, 200);
      const paths: Record<string, Record<string, unknown>> = answer.json.paths;
      // The connect calls are top-level navigations; /metrics exists only with METRICS_TOKEN; the
      // development mailbox is a local tool, not part of the API.
      // The callback is documented once per provider (/connect/google/callback …).
      const hidden = new Set(['connectGoogle', 'connectMicrosoft', 'connectCallback', 'metrics', 'devMailbox']);
      for (const provider of ['google', 'microsoft'])
        assert.ok(paths[`/connect/${provider}/callback`]?.get, `GET /connect/${provider}/callback is documented`);
      const methods: Record<string, string> = {
        profile: 'put',
        cpProfile: 'put',
        session_: 'delete',
        teamInvitation: 'delete',
        teamMember: 'patch',
        ssoIdentity: 'delete',
        connectedApp: 'delete',
        twoFactor: 'delete',
        passkey: 'delete',
      };
      const gets = [
        'whiteLabel',
        'session',
        'sessions',
        'license',
        'licensePreview',
        'healthLive',
        'healthReady',
        'openapi',
        'team',
        'invitation',
        'ssoIdentities',
        'account',
        'accountConsents',
        'accountExport',
        'appSignIn',
        'connectedApps',
        'passkeys',
      ];
      for (const [name, path] of Object.entries(api)) {
        if (hidden.has(name)) continue;
        const documented = path.replace(/:(\w+)/g, '{$1}');
        const method = methods[name] ?? (gets.includes(name) ? 'get' : 'post');
        assert.ok(paths[documented]?.[method], `${method.toUpperCase()} ${documented} (${name}) is documented`);
      }
      // The control-panel calls, with the fields the panel build sends; the apiKey never as a query parameter.
      type Operation = {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content: Record<string, { schema: { properties: object; required?: string[] } }> };
      };
      const op = (path: string, method: string) => paths[path]?.[method] as Operation;
      const body = (path: string) => op(path, 'post').requestBody?.content['application/json']?.schema;
      assert.deepEqual(body('/user/signin')?.required?.sort(), ['apiKey', 'email', 'password', 'userId']);
      assert.deepEqual(body('/user/password-reset-otp')?.required?.sort(), ['code', 'email', 'password']);
      assert.ok('otp' in (body('/user/init-password-reset')?.properties ?? {}));
      assert.ok('apiKey' in (body('/license/activate')?.properties ?? {}));
      for (const [path, method] of [
        ['/user/profile', 'put'],
        ['/license/activate', 'post'],
      ] as const) {
        assert.ok(
          op(path, method).parameters?.some((p) => p.in === 'header' && p.name === 'x-api-key'),
          `${path} X-API-KEY`,
        );
      }
      for (const [path, operations] of Object.entries(paths)) {
        for (const operation of Object.values(operations) as Operation[]) {
          assert.ok(!operation.parameters?.some((p) => p.in === 'query' && /api.?key/i.test(p.name)), `${path} takes no apiKey in its URL`);
        }
      }
    });

    it('reports liveness and readiness', async () => {
      const live = await visitor(t).get('/health/live');
      assert.equal(live.status, 200);
      assert.deepEqual(live.json, { data: { status: 'ok' } });
      const ready = await visitor(t).get('/health/ready');
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.json, { data: { status: 'ready' } });
    });
  });
}
