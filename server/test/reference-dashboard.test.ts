import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { type ReferenceDashboard, startReferenceDashboard } from '../../scripts/reference-dashboard/server.ts';
import { loadSigningKeys } from '../src/features/oidc/oidc-keys.ts';
import { createOidcVault } from '../src/features/oidc/oidc-vault.ts';
import { registerAccount, visitor } from './support/accounts.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects } from './support/databases.ts';
import { freePort } from './support/free-port.ts';
import { TestClient } from './support/http-client.ts';
import { browse } from './support/oidc-app.ts';
import { linkIn } from './support/smtp.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const password = 'correct horse battery';
const backChannelEvent = 'http://schemas.openid.net/event/backchannel-logout';
let counter = 0;
const nextEmail = () => `dashboard-${Date.now()}-${++counter}@example.com`;

for (const dialect of await dialects('behaviour')) {
  describe(`The reference dashboard, signing in with Gatehouse (${dialect})`, () => {
    let t: TestApp;
    let dashboard: ReferenceDashboard;
    let clientId: string;
    before(async () => {
      t = await startTestApp({ dialect });
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const created = await runAdmin(
        [
          'client',
          'create',
          '--name',
          'Monitoring dashboard',
          '--redirect-uri',
          `${origin}/callback`,
          '--initiate-login-uri',
          `${origin}/login`,
          '--post-logout-redirect-uri',
          `${origin}/`,
          '--json',
        ],
        t.databaseUrl,
      );
      assert.equal(created.code, 0, created.stderr);
      const client = JSON.parse(created.stdout) as { clientId: string; clientSecret: string };
      clientId = client.clientId;
      dashboard = await startReferenceDashboard({ port, issuer: t.url, clientId, clientSecret: client.clientSecret });
    });
    after(async () => {
      await dashboard.close();
      await t.stop();
    });

    /** A person signed in to Gatehouse in one browser, and the dashboard's page in the same browser after "Sign in with Gatehouse". */
    async function signedIn() {
      const email = nextEmail();
      const gatehouse = visitor(t);
      await registerAccount(t, gatehouse, email, password);
      const app = new TestClient(dashboard.origin);
      const start = await app.get('/login');
      assert.equal(start.status, 303, start.text);
      const landed = await browse(gatehouse, start.headers.get('location') ?? '', `${dashboard.origin}/callback`);
      assert.equal(landed.url.pathname, '/callback', `${landed.status} ${landed.url}`);
      const back = await app.get(landed.url.href);
      assert.equal(back.status, 303, back.text);
      const home = await app.get('/');
      assert.match(home.text, new RegExp(`<dd id="email">${email.replace(/\./g, '\\.')}</dd>`));
      return { email, gatehouse, app };
    }

    /** A logout token as the provider would sign it, with its active key (the one its JWKS publishes first). */
    async function logoutToken(claims: JWTPayload, options: { key?: JWK } = {}) {
      const keys = await loadSigningKeys({ db: t.deps.db, clock: t.deps.clock, vault: createOidcVault(t.deps.secrets) });
      const jwk = options.key ?? (keys.jwks[0] as JWK);
      return new SignJWT({ iss: t.url, aud: clientId, events: { [backChannelEvent]: {} }, jti: randomUUID(), ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'logout+jwt' })
        .setIssuedAt()
        .sign(await importJWK(jwk, 'RS256'));
    }

    const deliver = (token: string) =>
      fetch(`${dashboard.origin}/backchannel-logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: token }),
      });

    it('signs in through Gatehouse and shows the person, team, plan and limits; a refresh shows a license activated since', async () => {
      const { gatehouse, app } = await signedIn();
      const before = await app.get('/');
      assert.match(before.text, /<dd id="team-role">owner<\/dd>/);
      assert.match(before.text, /<dd id="plan">—<\/dd>/);
      assert.match(before.text, /No plan, so no limits/);

      const key = (await runAdmin(['license', 'create', '--plan', 'pro'], t.databaseUrl)).lines.at(-1) ?? '';
      assert.equal((await gatehouse.post('/license/activate', { license: key })).status, 200);
      assert.equal((await app.request('POST', '/refresh')).status, 303);
      const after = await app.get('/');
      assert.match(after.text, /Refreshed: the claims below are from a new ID token/);
      assert.match(after.text, /<dd id="plan">pro<\/dd>/);
      assert.match(after.text, /<dd id="license">active \(own\)<\/dd>/);
      assert.match(after.text, /<td>servers<\/td><td>10<\/td>/);
    });

    it('ends a whole sign-up started from the app’s login screen at the app, signed in', async () => {
      const email = nextEmail();
      const app = new TestClient(dashboard.origin);
      const gatehouse = visitor(t);
      const start = await app.get('/login');
      const login = await browse(gatehouse, start.headers.get('location') ?? '', `${dashboard.origin}/callback`);
      assert.equal(login.url.pathname, '/login');
      const back = login.url.searchParams.get('redirectTo') ?? '';
      assert.match(back, /^\/oidc\/interaction\/[\w-]+$/);

      const signup = await gatehouse.post('/user/signup', { email, dataProcessingConsent: true, redirectTo: back });
      assert.equal(signup.status, 200, signup.text);
      // The mailed link, opened in another tab: the pending sign-up hands the app sign-in back with its choices.
      const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/activate-email?'));
      const token = linkIn(mail, `${t.url}/activate-email?`).searchParams.get('token') ?? '';
      const verified = await gatehouse.post('/user/verify-email', { token, email });
      assert.equal(verified.status, 200, verified.text);
      assert.equal(verified.json.data.redirectTo, back);
      const set = await gatehouse.post('/user/set-password', { email, password, token: verified.json.data.token });
      assert.equal(set.status, 200, set.text);

      const landed = await browse(gatehouse, `${t.url}${back}`, `${dashboard.origin}/callback`);
      assert.equal(landed.url.pathname, '/callback', `${landed.status} ${landed.url}`);
      await app.get(landed.url.href);
      assert.match((await app.get('/')).text, new RegExp(`<dd id="email">${email.replace(/\./g, '\\.')}</dd>`));
    });

    it('keeps only an app sign-in as where a sign-up continues, and ignores any other target', async () => {
      for (const redirectTo of ['https://evil.example/', '//evil.example/oidc/interaction/x', '/settings', '/oidc/interaction/../../x']) {
        const email = nextEmail();
        const browser = visitor(t);
        const signup = await browser.post('/user/signup', { email, dataProcessingConsent: true, redirectTo });
        assert.equal(signup.status, 200, signup.text);
        const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/activate-email?'));
        const token = linkIn(mail, `${t.url}/activate-email?`).searchParams.get('token') ?? '';
        const verified = await browser.post('/user/verify-email', { token, email });
        assert.equal(verified.status, 200, verified.text);
        assert.equal(verified.json.data.redirectTo, undefined, redirectTo);
      }
    });

    it('asks to sign in again when a refresh finds the Gatehouse session ended', async () => {
      const { gatehouse, app } = await signedIn();
      assert.equal((await gatehouse.request('POST', '/signout')).status, 200);
      assert.equal((await app.request('POST', '/refresh')).status, 303);
      const page = await app.get('/');
      assert.match(page.text, /Your Gatehouse session has ended/);
      assert.match(page.text, /Sign in with Gatehouse/);
    });

    it('starts a sign-in from the initiate-login URI for its own issuer only', async () => {
      const app = new TestClient(dashboard.origin);
      const own = await app.get(`/login?iss=${encodeURIComponent(t.url)}`);
      assert.equal(own.status, 303);
      const authorize = new URL(own.headers.get('location') ?? '');
      assert.equal(authorize.origin, t.url);
      assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(authorize.searchParams.get('client_id'), clientId);
      const foreign = await app.get('/login?iss=https%3A%2F%2Fevil.example');
      assert.equal(foreign.status, 400);
      assert.match(foreign.text, /signs in with .* only/);
    });

    it('signs out through Gatehouse’s end-session endpoint, which ends that session too and comes back', async () => {
      const { app, gatehouse } = await signedIn();
      const out = await app.request('POST', '/logout');
      assert.equal(out.status, 303);
      const endSession = new URL(out.headers.get('location') ?? '');
      assert.equal(`${endSession.origin}${endSession.pathname}`, `${t.url}/oidc/session/end`);
      assert.ok(endSession.searchParams.get('id_token_hint'), 'the ID token goes with it');
      assert.match((await app.get('/')).text, /Sign in with Gatehouse/, 'the dashboard’s own session ended at once');
      const back = await browse(gatehouse, endSession, `${dashboard.origin}/`);
      assert.equal(back.url.origin, dashboard.origin, `${back.status} ${back.url}`);
      assert.equal((await gatehouse.get('/session')).json.data, null, 'the Gatehouse session ended');
    });

    it('refuses a logout token that is not the provider’s, for another app, without the event, or with a nonce, and ends nothing', async () => {
      const { app } = await signedIn();
      const sub = await subjectOf(app);
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const keys = await loadSigningKeys({ db: t.deps.db, clock: t.deps.clock, vault: createOidcVault(t.deps.secrets) });
      const stranger = { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: keys.jwks[0]?.kid };
      const refused = [
        await logoutToken({ sub }, { key: stranger }),
        await logoutToken({ sub, aud: 'app_someone_else' }),
        await logoutToken({ sub, iss: 'https://evil.example' }),
        await logoutToken({ sub, events: { 'http://example.com/other': {} } }),
        await logoutToken({ sub, nonce: 'n-0S6_WzA2Mj' }),
        await logoutToken({}),
        'not-a-jwt',
      ];
      for (const token of refused) {
        const answer = await deliver(token);
        assert.equal(answer.status, 400, token);
        assert.equal(((await answer.json()) as { error: string }).error, 'invalid_request');
      }
      assert.match((await app.get('/')).text, /<dd id="email">/, 'still signed in');
      // A valid token for another provider session ends nothing either.
      const other = await deliver(await logoutToken({ sub, sid: 'another-session' }));
      assert.deepEqual(await other.json(), { ended: 0 });
      assert.match((await app.get('/')).text, /<dd id="email">/, 'still signed in');
    });

    it('ends the sessions of the person a valid logout token names', async () => {
      const { app } = await signedIn();
      const bystander = await signedIn();
      const answer = await deliver(await logoutToken({ sub: await subjectOf(app) }));
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await answer.json(), { ended: 1 });
      const page = await app.get('/');
      assert.match(page.text, /You were signed out from Gatehouse/);
      assert.match(page.text, /Sign in with Gatehouse/);
      assert.match((await bystander.app.get('/')).text, /<dd id="email">/, 'another person stays signed in');
    });

    /** The account id of the person on the dashboard: the ID token's sub, which the page does not show. */
    async function subjectOf(app: TestClient): Promise<string> {
      const email = /<dd id="email">([^<]+)<\/dd>/.exec((await app.get('/')).text)?.[1] ?? '';
      const row = await t.deps.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return row.id;
    }
  });
}
