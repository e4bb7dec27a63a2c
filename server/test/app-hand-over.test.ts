import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api } from '@gatehouse/contract';
import * as oidc from 'openid-client';
import { nextIp, seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { authorizationRequest, browse, discover, registerClient } from './support/oidc-app.ts';
import { panelBrowser, registerPanel, startWithPanel, type TestPanel } from './support/panels.ts';
import type { TestApp } from './support/test-app.ts';
import { writeConfirmedAuthenticatorDirectly } from './support/two-factor.ts';

// A hosting panel's page signs in through a partitioned cookie that Gatehouse's own origin never
// sees top-level; an app's sign-in pending there continues through a one-time hand-over
// (decision 049), which must not become a way to take a session anywhere else.

const password = 'Hand-over secret 2026';
let n = 0;

for (const dialect of await dialects('behaviour')) {
  describe(`a panel session handed over to an app's pending sign-in (${dialect})`, () => {
    let t: TestApp;
    let panel: TestPanel;
    let other: TestPanel;
    let app: { clientId: string; clientSecret: string; redirectUri: string };
    let config: oidc.Configuration;
    before(async () => {
      ({ t, panel } = await startWithPanel(dialect));
      other = await registerPanel(t);
      app = await registerClient(t);
      config = await discover(t, app);
    });
    after(() => t.stop());

    /** A panel user signed in on the panel's page (its own jar: the partitioned cookie). */
    async function panelUser(from: TestPanel = panel) {
      n += 1;
      const email = `hand-over-${Date.now()}-${n}@example.com`;
      const account = await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
      const page = panelBrowser(t, from.origin);
      const signedIn = await page.post(api.cpSignin, { email, password, apiKey: from.apiKey, userId: `u${n}` });
      assert.equal(signedIn.status, 200, signedIn.text);
      return { page, account, email };
    }

    /** The app's sign-in, started top-level in the same browser, pending on the login screen. */
    async function pendingSignIn() {
      const browser = visitor(t);
      const request = await authorizationRequest(config, app.redirectUri);
      const login = await browse(browser, request.url, '/never');
      assert.equal(login.url.pathname, '/login');
      const back = login.url.searchParams.get('redirectTo') ?? '';
      const uid = back.split('/').at(-1) ?? '';
      return { browser, request, back, uid };
    }

    const handOver = (page: TestClient, uid: string, from: TestPanel = panel) =>
      page.post(api.appHandOver.replace(':uid', uid), undefined, { 'x-api-key': from.apiKey });

    /** The panel page's top-level form, posted by the browser that holds the pending sign-in. */
    const continueWith = (
      browser: TestClient,
      uid: string,
      token: string,
      headers: Record<string, string> = { origin: panel.origin, 'sec-fetch-site': 'cross-site' },
    ) =>
      browser.request('POST', api.appHandOverContinue.replace(':uid', uid), {
        body: new URLSearchParams({ token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });

    const refusedToLogin = (answer: { status: number; headers: Headers }, uid: string) => {
      assert.equal(answer.status, 303);
      const to = new URL(answer.headers.get('location') ?? '', t.url);
      assert.equal(to.pathname, '/login');
      assert.equal(to.searchParams.get('error'), 'oidc.hand_over_invalid');
      assert.equal(to.searchParams.get('redirectTo'), `/oidc/interaction/${uid}`, 'the app sign-in stays pending');
      assert.equal(answer.headers.getSetCookie().length, 0, 'no session');
    };

    it('continues to the app signed in as the panel user, proved as the panel session was, ending no later than it', async () => {
      const { page, account } = await panelUser();
      const { browser, request, uid } = await pendingSignIn();
      const made = await handOver(page, uid);
      assert.equal(made.status, 200, made.text);
      const token: string = made.json.data.token;
      assert.match(token, /^[\w-]{43}$/);

      const used = await continueWith(browser, uid, token);
      assert.equal(used.status, 303, used.text);
      assert.equal(used.headers.get('location'), `/oidc/interaction/${uid}`);
      const cookie = used.headers.getSetCookie().find((line) => line.startsWith(`${t.deps.config.session.cookieName}=`)) ?? '';
      assert.match(cookie, /SameSite=Lax/i, 'a top-level session, not the partitioned one');
      assert.doesNotMatch(cookie, /Partitioned/i);

      const landed = await browse(browser, `${t.url}/oidc/interaction/${uid}`, app.redirectUri);
      const tokens = await oidc.authorizationCodeGrant(config, landed.url, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
      });
      assert.equal(tokens.claims()?.sub, account.id);
      assert.deepEqual(tokens.claims()?.amr, ['pwd'], 'the panel session was proved by a password');

      const sessions = await t.deps.db
        .selectFrom('sessions')
        .select(['absolute_expires_at', 'amr'])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .execute();
      assert.equal(sessions.length, 2, 'the panel session, and the top-level one beside it');
      assert.ok(String(sessions[1]?.absolute_expires_at) <= String(sessions[0]?.absolute_expires_at));
      assert.equal(sessions[1]?.amr, sessions[0]?.amr);
    });

    it('is used once, lives a minute, and is kept only as a keyed digest', async () => {
      const { page } = await panelUser();
      const first = await pendingSignIn();
      const token: string = (await handOver(page, first.uid)).json.data.token;
      const stored = await t.deps.db.selectFrom('app_hand_overs').selectAll().execute();
      assert.ok(stored.length > 0);
      assert.ok(!JSON.stringify(stored).includes(token), 'not the value itself');
      assert.equal((await continueWith(first.browser, first.uid, token)).status, 303);
      const again = visitor(t);
      refusedToLogin(await continueWith(again, first.uid, token), first.uid);

      const late = await pendingSignIn();
      const expiring: string = (await handOver(page, late.uid)).json.data.token;
      t.clock.advance(61_000);
      refusedToLogin(await continueWith(late.browser, late.uid, expiring), late.uid);
    });

    it('continues only from a page of the panel that asked, on this host, to the sign-in it was made for', async () => {
      const { page } = await panelUser();
      const { browser, uid } = await pendingSignIn();
      const elsewhere = await pendingSignIn();
      const tries: Array<[string, (token: string) => ReturnType<typeof continueWith>]> = [
        [
          'another site (login forgery)',
          (token) => continueWith(browser, uid, token, { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' }),
        ],
        [
          'another registered panel',
          (token) => continueWith(browser, uid, token, { origin: other.origin, 'sec-fetch-site': 'cross-site' }),
        ],
        ['no page at all (a script)', (token) => continueWith(browser, uid, token, {})],
        ['another pending sign-in', (token) => continueWith(elsewhere.browser, elsewhere.uid, token)],
        [
          'another host',
          (token) => continueWith(browser, uid, token, { origin: panel.origin, 'x-forwarded-host': 'portal.other.example' }),
        ],
      ];
      for (const [what, attempt] of tries) {
        const token: string = (await handOver(page, uid)).json.data.token;
        const answer = await attempt(token);
        assert.equal(answer.headers.getSetCookie().length, 0, `${what}: no session`);
        if (answer.status === 403) {
          // Another site's form never reaches the hand-over: the cross-site refusal of every POST.
          assert.equal(answer.json.code, 'request.cross_site', what);
          continue;
        }
        refusedToLogin(answer, what === 'another pending sign-in' ? elsewhere.uid : uid);
        // Spent all the same: a refused attempt leaves nothing to retry with.
        refusedToLogin(await continueWith(browser, uid, token), uid);
      }
    });

    it('ends with the panel session: signed out, disabled or a new password before use, nothing continues', async () => {
      for (const ending of ['signout', 'disabled', 'password'] as const) {
        const { page, account } = await panelUser();
        const { browser, uid } = await pendingSignIn();
        const token: string = (await handOver(page, uid)).json.data.token;
        if (ending === 'signout') assert.equal((await page.post(api.signout)).status, 200);
        else if (ending === 'disabled')
          await t.deps.db.updateTable('accounts').set({ disabled_at: new Date().toISOString() }).where('id', '=', account.id).execute();
        else await t.deps.db.updateTable('accounts').set({ credential_generation: 99 }).where('id', '=', account.id).execute();
        refusedToLogin(await continueWith(browser, uid, token), uid);
      }
    });

    it('hands over nothing from a panel session older than the account’s second factor, and leaves no challenge behind', async () => {
      const { page, account } = await panelUser();
      const { browser, uid } = await pendingSignIn();
      const token: string = (await handOver(page, uid)).json.data.token;
      await writeConfirmedAuthenticatorDirectly(t.deps, account.id);
      refusedToLogin(await continueWith(browser, uid, token), uid);
      const challenges = await t.deps.db.selectFrom('two_factor_challenges').select('id').where('account_id', '=', account.id).execute();
      assert.deepEqual(challenges, [], 'no challenge nobody will answer');
      const events = await t.deps.db.selectFrom('auth_events').select('type').where('account_id', '=', account.id).execute();
      assert.deepEqual(
        events.map((event) => event.type),
        ['signin_succeeded'],
        'the panel sign-in only: no second sign-in, no challenge asked',
      );
    });

    it('is made only for a panel page’s live session, with its key, for a live sign-in; bad input changes nothing', async () => {
      const { page } = await panelUser();
      const { uid } = await pendingSignIn();
      const count = async () => (await t.deps.db.selectFrom('app_hand_overs').select('token_key').execute()).length;
      const before = await count();

      const keyless = await page.post(api.appHandOver.replace(':uid', uid));
      assert.equal(keyless.status, 401);
      assert.equal(keyless.json.code, 'panel.invalid_key');
      const otherKey = await handOver(page, uid, other);
      assert.equal(otherKey.status, 401);
      assert.equal(otherKey.json.code, 'panel.invalid_key');

      // A session of Gatehouse's own pages is top-level already: nothing to hand over.
      const own = visitor(t);
      n += 1;
      const email = `hand-over-own-${Date.now()}-${n}@example.com`;
      await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
      assert.equal((await own.postForm(api.signin, { email, password })).status, 200);
      const fromOwn = await own.post(api.appHandOver.replace(':uid', uid));
      assert.equal(fromOwn.status, 401);
      assert.equal(fromOwn.json.code, 'panel.invalid_key');
      const script = t.client({ 'x-forwarded-for': nextIp(), 'x-api-key': panel.apiKey });
      for (const [name, value] of page.cookies) script.cookies.set(name, value);
      const fromScript = await script.post(api.appHandOver.replace(':uid', uid));
      assert.equal(fromScript.status, 401, 'the key without the panel’s page');

      const signedOut = panelBrowser(t, panel.origin);
      assert.equal((await handOver(signedOut, uid)).status, 401);
      const unknown = await handOver(page, 'no-such-interaction');
      assert.equal(unknown.status, 404);
      assert.equal(unknown.json.code, 'oidc.interaction_expired');
      const malformed = await handOver(page, 'not a uid');
      assert.equal(malformed.status, 400);
      assert.equal(await count(), before, 'nothing stored');

      const browser = visitor(t);
      for (const body of ['', 'token=', `token=${'x'.repeat(500)}`, 'token=forged-value']) {
        const answer = await browser.request('POST', api.appHandOverContinue.replace(':uid', uid), {
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: panel.origin },
        });
        refusedToLogin(answer, uid);
      }
    });
  });
}
