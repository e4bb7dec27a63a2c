import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { limitDefaults } from '../src/lib/limits.ts';
import { eventually, registerAccount, visitor } from './support/accounts.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects } from './support/databases.ts';
import { freePort } from './support/free-port.ts';
import type { TestClient } from './support/http-client.ts';
import { Receiver } from './support/logout-receiver.ts';
import { codeFlow, discover, registerClient } from './support/oidc-app.ts';
import { linkIn } from './support/smtp.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const password = 'correct horse battery';
const event = 'http://schemas.openid.net/event/backchannel-logout';
let counter = 0;
function nextEmail(): string {
  counter += 1;
  return `logout-${Date.now()}-${counter}@example.com`;
}

for (const dialect of await dialects('behaviour')) {
  describe(`Logout that reaches the apps (${dialect})`, () => {
    let t: TestApp;
    let receiver: Receiver;
    let app: Awaited<ReturnType<typeof registerClient>>;
    let config: oidc.Configuration;
    let jwks: ReturnType<typeof createRemoteJWKSet>;
    const goodbye = 'http://127.0.0.1:9/signed-out';
    before(async () => {
      t = await startTestApp({ dialect });
      receiver = new Receiver(await freePort());
      await receiver.start();
      app = await registerClient(t, ['--backchannel-logout-uri', receiver.url, '--post-logout-redirect-uri', goodbye]);
      config = await discover(t, app);
      jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ''), { [Symbol.for('allowInsecure')]: true });
    });
    after(async () => {
      await receiver.stop();
      await t.stop();
    });

    async function signedInWithTokens(browser: TestClient = visitor(t), email = nextEmail()) {
      const account = await registerAccount(t, browser, email, password);
      return { ...(await appSignIn(browser)), account, email };
    }

    async function appSignIn(browser: TestClient) {
      const { tokens } = await codeFlow(config, browser, app.redirectUri);
      const sid = tokens.claims()?.sid;
      assert.equal(typeof sid, 'string', 'the ID token names its session');
      return { browser, tokens, sid: sid as string };
    }

    /** The logout token the app was sent for that sid, verified with the provider's published keys. */
    async function logoutFor(sid: string): Promise<JWTPayload> {
      return eventually(async () => {
        for (const token of receiver.tokens) {
          const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer: t.url, audience: app.clientId });
          if (payload.sid !== sid) continue;
          assert.equal(protectedHeader.typ, 'logout+jwt');
          assert.deepEqual(payload.events, { [event]: {} });
          assert.equal(payload.nonce, undefined);
          assert.ok(payload.jti && payload.iat && payload.sub);
          return payload;
        }
        return undefined;
      }, `a logout token for ${sid}`);
    }

    async function refreshRefused(tokens: oidc.TokenEndpointResponse) {
      await assert.rejects(
        oidc.refreshTokenGrant(config, tokens.refresh_token ?? ''),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );
    }

    it('announces RP-initiated and back-channel logout in discovery', () => {
      const metadata = config.serverMetadata();
      assert.equal(metadata.end_session_endpoint, `${t.url}/oidc/session/end`);
      assert.equal(metadata.backchannel_logout_supported, true);
      assert.equal(metadata.backchannel_logout_session_supported, true);
    });

    it('registers the back-channel URI by the CLI, refusing one that is no http(s) URL and registering nothing then', async () => {
      const listed = await runAdmin(['client', 'list', '--json'], t.databaseUrl);
      const clients = JSON.parse(listed.stdout) as Array<{ clientId: string; backchannelLogoutUri: string | null }>;
      assert.equal(clients.find((client) => client.clientId === app.clientId)?.backchannelLogoutUri, receiver.url);
      const refused = await runAdmin(
        ['client', 'create', '--name', 'Bad', '--redirect-uri', app.redirectUri, '--backchannel-logout-uri', 'ftp://127.0.0.1/logout'],
        t.databaseUrl,
      );
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /--backchannel-logout-uri must be an http\(s\) URL/);
      const after = JSON.parse((await runAdmin(['client', 'list', '--json'], t.databaseUrl)).stdout) as unknown[];
      assert.equal(after.length, clients.length);
    });

    it('tells the app when the person signs out, signs out that device or the others', async () => {
      const signedOut = await signedInWithTokens();
      assert.equal((await signedOut.browser.request('POST', '/signout')).status, 200);
      assert.equal((await logoutFor(signedOut.sid)).sub, signedOut.account.id);
      await refreshRefused(signedOut.tokens);

      const device = await signedInWithTokens();
      const other = visitor(t);
      assert.equal((await other.postForm('/signin', { email: device.email, password })).status, 200);
      const listed = await other.get('/sessions');
      const target = listed.json.data.find((session: { current: boolean }) => !session.current);
      assert.equal((await other.delete(`/sessions/${target.id}`)).status, 200);
      await logoutFor(device.sid);

      const others = await signedInWithTokens();
      const third = visitor(t);
      assert.equal((await third.postForm('/signin', { email: others.email, password })).status, 200);
      const kept = await appSignIn(third);
      assert.equal((await third.post('/sessions/end-others', {})).status, 200);
      await logoutFor(others.sid);
      assert.ok(!(await tokensOf(kept.sid)), 'the session that stayed is not logged out of the app');
    });

    async function tokensOf(sid: string) {
      for (const token of receiver.tokens) if ((await jwtVerify(token, jwks)).payload.sid === sid) return true;
      return false;
    }

    it('tells the app when the password is changed or reset', async () => {
      const changed = await signedInWithTokens();
      const answer = await changed.browser.post('/account/password', { currentPassword: password, password: 'a brand new secret' });
      assert.equal(answer.status, 200, answer.text);
      await logoutFor(changed.sid);

      const reset = await signedInWithTokens();
      assert.equal((await visitor(t).post('/user/init-password-reset', { email: reset.email })).status, 200);
      const mail = await t.smtp.waitFor(reset.email, (m) => m.text.includes('/reset?'));
      const token = linkIn(mail, `${t.url}/reset?`).searchParams.get('token');
      const done = await visitor(t).post('/user/password-reset', { token, password: 'another new secret' });
      assert.equal(done.status, 200, done.text);
      await logoutFor(reset.sid);
      await refreshRefused(reset.tokens);
    });

    it('tells the app on "this was not me", the CLI’s disable and the account’s deletion', async () => {
      const disputed = await signedInWithTokens();
      const moved = await disputed.browser.post('/account/email', { email: nextEmail(), currentPassword: password });
      assert.equal(moved.status, 200, moved.text);
      const notice = await t.smtp.waitFor(disputed.email, (mail) => mail.subject.includes('about to change'));
      const cancel = linkIn(notice, `${t.url}/email-change/cancel?`).searchParams.get('token');
      assert.equal((await visitor(t).post('/account/email/cancel', { token: cancel })).status, 200);
      await logoutFor(disputed.sid);

      const disabled = await signedInWithTokens();
      assert.equal((await runAdmin(['account', 'disable', disabled.email], t.databaseUrl)).code, 0);
      await logoutFor(disabled.sid);

      const deleted = await signedInWithTokens();
      const gone = await deleted.browser.post('/account/delete', { currentPassword: password });
      assert.equal(gone.status, 200, gone.text);
      assert.equal((await logoutFor(deleted.sid)).sub, deleted.account.id);
    });

    it('delivers to an app that was down once it is back, and keeps nothing once delivered', async () => {
      await receiver.stop();
      const { browser, sid } = await signedInWithTokens();
      assert.equal((await browser.request('POST', '/signout')).status, 200);
      await eventually(async () => {
        const row = await t.deps.db.selectFrom('oidc_logout_outbox').select('attempts').where('sid', '=', sid).executeTakeFirst();
        return row && row.attempts > 0 ? row : undefined;
      }, 'a failed attempt');
      await receiver.start();
      // The retry is due after the backoff: the clock steps past it instead of waiting.
      t.clock.advance(20 * 60_000);
      await t.logouts.flush();
      await logoutFor(sid);
      const left = await t.deps.db.selectFrom('oidc_logout_outbox').select('id').where('sid', '=', sid).execute();
      assert.deepEqual(left, []);
    });

    it('signs out from the app with its ID token as hint: back to the registered URI with state, no screen', async () => {
      const { browser, tokens, sid } = await signedInWithTokens();
      const url = oidc.buildEndSessionUrl(config, {
        id_token_hint: tokens.id_token ?? '',
        post_logout_redirect_uri: goodbye,
        state: 'xyz',
      });
      const answer = await browser.get(url.href);
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.get('location'), `${goodbye}?state=xyz`);
      assert.equal((await browser.get('/session')).json.data, null, 'signed out of Gatehouse');
      await logoutFor(sid);
      await refreshRefused(tokens);
    });

    it('takes the app’s form post from its own site, as the same request in a top-level GET', async () => {
      const { browser, tokens, sid } = await signedInWithTokens();
      const fields = { id_token_hint: tokens.id_token ?? '', post_logout_redirect_uri: goodbye, state: 'from-a-form' };
      const posted = await browser.request('POST', '/oidc/session/end', {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(goodbye).origin, 'sec-fetch-site': 'cross-site' },
      });
      assert.equal(posted.status, 303, posted.text);
      const again = new URL(posted.headers.get('location') ?? '', t.url);
      assert.equal(again.pathname, '/oidc/session/end');
      assert.deepEqual(Object.fromEntries(again.searchParams), fields);
      assert.ok((await browser.get('/session')).json.data, 'the post itself signs nobody out');
      const answer = await browser.get(`${again.pathname}${again.search}`);
      assert.equal(answer.headers.get('location'), `${goodbye}?state=from-a-form`);
      assert.equal((await browser.get('/session')).json.data, null);
      await logoutFor(sid);
    });

    it('asks first without a hint, and refuses an unregistered return URI or a tampered hint, signing nobody out', async () => {
      const { browser, tokens } = await signedInWithTokens();
      const bare = await browser.get('/oidc/session/end?ui_locales=de');
      assert.equal(bare.status, 303);
      assert.equal(bare.headers.get('location'), '/de/sign-out');

      const foreign = oidc.buildEndSessionUrl(config, {
        id_token_hint: tokens.id_token ?? '',
        post_logout_redirect_uri: 'http://127.0.0.1:9/elsewhere',
      });
      const refused = await browser.get(foreign.href);
      assert.equal(refused.status, 303);
      assert.equal(refused.headers.get('location'), '/login?error=oidc.invalid_request');

      const [head, body, signature = ''] = (tokens.id_token ?? '').split('.');
      const forged = `${head}.${body}.${signature.slice(0, -4)}AAAA`;
      const tampered = await browser.get(oidc.buildEndSessionUrl(config, { id_token_hint: forged }).href);
      assert.equal(tampered.headers.get('location'), '/login?error=oidc.invalid_request');
      assert.ok((await browser.get('/session')).json.data, 'still signed in');
      await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    });

    it('limits the token endpoint per address with 429, Retry-After and an OAuth error, before the provider answers', async () => {
      const basic = `Basic ${Buffer.from(`${app.clientId}:not-the-secret`).toString('base64')}`;
      const ask = () =>
        fetch(`${t.url}/oidc/token`, {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=refresh_token&refresh_token=nothing',
        });
      const first = await ask();
      assert.equal(first.status, 401, 'the provider itself answers below the limit');
      assert.equal(((await first.json()) as { error: string }).error, 'invalid_client');
      // In batches at once: the limit is per minute from the first request, and a busy machine
      // asking one by one could see the minute end before the limit is reached.
      let answer = first;
      for (let sent = 1; sent <= limitDefaults.tokenRequestsPerIpPerMinute && answer.status !== 429; sent += 50) {
        const batch = await Promise.all(Array.from({ length: 50 }, ask));
        answer = batch.find((reply) => reply.status === 429) ?? answer;
        await Promise.all(batch.filter((reply) => reply !== answer).map((reply) => reply.body?.cancel()));
      }
      assert.equal(answer.status, 429);
      assert.ok(Number(answer.headers.get('retry-after')) > 0);
      assert.equal(((await answer.json()) as { error: string }).error, 'temporarily_unavailable');
      // The library's router ignores case and a trailing slash: those spellings are the same route.
      for (const spelling of ['/oidc/TOKEN', '/oidc/Token', '/oidc/token/']) {
        const other = await fetch(`${t.url}${spelling}`, {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=refresh_token&refresh_token=nothing',
        });
        assert.equal(other.status, 429, spelling);
      }
    });

    it('answers the library’s own end-session pages, in any spelling, with 404: Gatehouse ends sessions itself', async () => {
      for (const path of ['/oidc/Session/End', '/oidc/session/end/confirm', '/oidc/SESSION/END/success']) {
        assert.equal((await fetch(`${t.url}${path}`, { redirect: 'manual' })).status, 404, path);
      }
      const slash = await fetch(`${t.url}/oidc/session/end/`, { redirect: 'manual' });
      assert.equal(new URL(slash.headers.get('location') ?? '', t.url).pathname, '/oidc/session/end', 'to Gatehouse’s own route');
    });
  });
}
