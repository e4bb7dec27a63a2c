import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { nextIp, seedAccount, visitor } from './support/accounts.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects } from './support/databases.ts';
import { askSignupCode, panelBrowser, registerFromPanel, registerPanel, startWithPanel, type TestPanel } from './support/panels.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';

const password = 'Cross origin secret 5';

/** What a browser sends before a credentialed cross-origin call with a JSON body. */
const preflight = (t: TestApp, path: string, origin: string, method = 'POST', headers = 'content-type') =>
  t.client().request('OPTIONS', path, {
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const varyHasOrigin = (headers: Headers) => /(^|,\s*)origin(\s*,|$)/i.test(headers.get('vary') ?? '');

for (const dialect of await dialects('behaviour')) {
  describe(`cross-origin calls from panel pages (${dialect})`, () => {
    let t: TestApp;
    let panel: TestPanel;
    before(async () => ({ t, panel } = await startWithPanel(dialect)));
    after(() => t.stop());

    it('answers preflights from a registered origin with what the panel build needs, credentials included', async () => {
      for (const [path, method, headers] of [
        ['/user/signin', 'POST', 'content-type'],
        ['/user/profile', 'PUT', 'content-type, x-api-key'],
        ['/license/activate', 'POST', 'content-type,x-api-key'],
        // The account page's role change.
        ['/team/members/x', 'PATCH', 'content-type'],
      ] as const) {
        const answer = await preflight(t, path, panel.origin, method, headers);
        assert.equal(answer.status, 204, `${method} ${path}: ${answer.text}`);
        assert.equal(answer.headers.get('access-control-allow-origin'), panel.origin);
        assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
        const methods = (answer.headers.get('access-control-allow-methods') ?? '').split(/,\s*/);
        assert.ok(methods.includes(method), methods.join());
        const allowed = (answer.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
        for (const header of headers.split(/,\s*/)) assert.ok(allowed.includes(header), `${header} allowed`);
        assert.ok(Number(answer.headers.get('access-control-max-age')) > 0);
        assert.ok(varyHasOrigin(answer.headers));
      }
    });

    it('gives foreign and look-alike origins no CORS header at all, on preflights and on calls', async () => {
      const host = new URL(panel.origin).host;
      const foreign = [
        'https://evil.example',
        `http://${host}`,
        `https://${host}:8443`,
        `https://${host}.evil.example`,
        `https://x.${host}`,
        `${panel.origin}/`,
        'null',
        '*',
      ];
      for (const origin of foreign) {
        const answer = await preflight(t, '/user/signin', origin);
        assert.equal(answer.status, 403, origin);
        assert.equal(answer.headers.get('access-control-allow-origin'), null, origin);
        assert.equal(answer.headers.get('access-control-allow-credentials'), null, origin);
        assert.ok(varyHasOrigin(answer.headers), origin);
        const read = await visitor(t, { origin }).get('/session');
        assert.equal(read.headers.get('access-control-allow-origin'), null, origin);
        assert.ok(varyHasOrigin(read.headers));
      }
      const allowed = await visitor(t, { origin: panel.origin }).get('/session');
      assert.equal(allowed.headers.get('access-control-allow-origin'), panel.origin);
      assert.ok(varyHasOrigin(allowed.headers));
      assert.ok(varyHasOrigin((await visitor(t).get('/session')).headers), 'same-origin answers vary by Origin too');
    });

    it('refuses state changes from a foreign origin and changes nothing, while the panel origin gets through', async () => {
      const email = `cors-${dialect}@example.com`;
      const body = { email, otp: true, apiKey: panel.apiKey, userId: 'cors-user', dataProcessingConsent: true };
      for (const origin of ['https://evil.example', `https://${new URL(panel.origin).host}.evil.example`]) {
        const refused = await panelBrowser(t, origin).post('/user/signup', body);
        assert.equal(refused.status, 403);
        assert.equal(refused.json.code, 'request.cross_site');
        assert.equal(refused.headers.get('access-control-allow-origin'), null);
      }
      const noOriginButCrossSite = await t
        .client({ 'x-forwarded-for': nextIp(), 'sec-fetch-site': 'cross-site' })
        .post('/user/signup', body);
      assert.equal(noOriginButCrossSite.status, 403);
      assert.equal(await t.deps.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst(), undefined);

      const browser = panelBrowser(t, panel.origin);
      await registerFromPanel(t, browser, { email, password, apiKey: panel.apiKey, userId: 'cors-user' });
      const session = await browser.get('/session');
      assert.equal(session.json.data.account.email, email);
      assert.equal(session.headers.get('access-control-allow-origin'), panel.origin);
    });

    it('gives a panel sign-up the cross-site cookie (SameSite=None; Secure; Partitioned; __Host-), and signs out cross-site', async () => {
      const browser = panelBrowser(t, panel.origin);
      const email = `cookie-${dialect}@example.com`;
      const signup = await askSignupCode(browser, { email, apiKey: panel.apiKey, userId: 'c1' });
      assert.equal(signup.status, 200);
      const mail = await t.smtp.waitFor(email);
      const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1] ?? '';
      const done = await browser.post('/user/complete-otp-registration', { email, password, code });
      assert.equal(done.status, 200, done.text);
      const cookie = done.headers.getSetCookie()[0] ?? '';
      assert.match(cookie, /^__Host-gatehouse_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; Partitioned; SameSite=None$/);
      const out = await browser.post('/signout');
      assert.equal(out.status, 200);
      assert.match(out.headers.getSetCookie()[0] ?? '', /SameSite=None/);
      assert.equal((await browser.get('/session')).json.data, null);
    });

    it('stops a revoked installation at once: its origin, and its key for sign-in, sign-up and profile', async () => {
      const doomed = await registerPanel(t);
      const email = `doomed-${dialect}@example.com`;
      await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
      const browser = panelBrowser(t, doomed.origin);
      const signin = () => browser.post('/user/signin', { email, password, apiKey: doomed.apiKey, userId: 'd1' });
      assert.equal((await signin()).status, 200);
      assert.equal((await preflight(t, '/user/signin', doomed.origin)).status, 204);

      const revoked = await runAdmin(['panel', 'revoke', doomed.id], t.databaseUrl);
      assert.equal(revoked.code, 0, revoked.stderr);
      const listed = await runAdmin(['panel', 'list', '--json'], t.databaseUrl);
      const rows = JSON.parse(listed.stdout) as Array<{ id: string; revoked_at: string | null; origins: string[] }>;
      assert.ok(rows.find((row) => row.id === doomed.id)?.revoked_at);
      assert.deepEqual(rows.find((row) => row.id === panel.id)?.origins, [panel.origin]);
      assert.ok(!listed.stdout.includes(doomed.apiKey), 'the list never shows a key');
      assert.equal((await runAdmin(['panel', 'revoke', doomed.id], t.databaseUrl)).code, 2, 'revoking twice is an error');

      const pre = await preflight(t, '/user/signin', doomed.origin);
      assert.equal(pre.status, 403);
      assert.equal(pre.headers.get('access-control-allow-origin'), null);
      assert.equal((await signin()).status, 403, 'the origin is foreign now');
      const direct = visitor(t);
      const key = { apiKey: doomed.apiKey };
      assert.equal((await direct.post('/user/signin', { email, password, ...key, userId: 'd1' })).json.code, 'panel.invalid_key');
      const signup = await direct.post('/user/signup', {
        email: `new-${email}`,
        otp: true,
        ...key,
        userId: 'd2',
        dataProcessingConsent: true,
      });
      assert.equal(signup.json.code, 'panel.invalid_key');
      const signedIn = visitor(t);
      assert.equal((await signedIn.postForm('/signin', { email, password })).status, 200);
      assert.equal(
        (await signedIn.put('/user/profile', { firstName: 'X' }, { 'x-api-key': doomed.apiKey })).json.code,
        'panel.invalid_key',
      );
    });
  });
}

describe('session cookie on a plain-http address other than localhost', () => {
  let t: TestApp;
  before(async () => (t = await startBehindProxy({ env: { PUBLIC_URL: 'http://127.0.0.1:9' } })));
  after(() => t.stop());

  it('keeps the unprefixed Lax cookie even for a panel sign-in: browsers drop SameSite=None without Secure', async () => {
    const panel = await registerPanel(t);
    const email = 'plainhttp@example.com';
    await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
    const answer = await panelBrowser(t, panel.origin).post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'h1' });
    assert.equal(answer.status, 200, answer.text);
    assert.match(answer.headers.getSetCookie()[0] ?? '', /^gatehouse_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});
