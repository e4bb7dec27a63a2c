import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { registerAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { authorizationRequest, browse, codeFlow, discover, registerClient } from './support/oidc-app.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const password = 'correct horse battery';
let counter = 0;
function nextEmail(): string {
  counter += 1;
  return `oidc-${Date.now()}-${counter}@example.com`;
}

for (const dialect of await dialects('persistence')) {
  describe(`Gatehouse as the OpenID provider of the operator's apps (${dialect})`, () => {
    let t: TestApp;
    let app: Awaited<ReturnType<typeof registerClient>>;
    let config: oidc.Configuration;
    before(async () => {
      t = await startTestApp({ dialect });
      app = await registerClient(t);
      config = await discover(t, app);
    });
    after(() => t.stop());

    /** A signed-in person in a browser of their own, and the app's tokens from a code flow. */
    async function signedInWithTokens() {
      const browser = visitor(t);
      const email = nextEmail();
      const account = await registerAccount(t, browser, email, password);
      return { browser, account, email, ...(await codeFlow(config, browser, app.redirectUri)) };
    }

    it('answers discovery at the root: the origin as issuer, code flow and PKCE S256 only', async () => {
      const metadata = config.serverMetadata();
      assert.equal(metadata.issuer, t.url);
      assert.deepEqual(metadata.response_types_supported, ['code']);
      assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
      assert.equal(metadata.token_endpoint, `${t.url}/oidc/token`);
      assert.ok(metadata.userinfo_endpoint?.startsWith(`${t.url}/oidc/`));
      assert.ok(metadata.revocation_endpoint?.startsWith(`${t.url}/oidc/`));
      assert.ok(metadata.scopes_supported?.includes('gatehouse'));
    });

    it('gives a signed-in person a code at once, with who they are, their team, plan and limits', async () => {
      const browser = visitor(t);
      const email = nextEmail();
      const account = await registerAccount(t, browser, email, password);
      // Only redirects from the authorization request to the app: no screen in between.
      const { tokens } = await codeFlow(config, browser, app.redirectUri);
      const claims = tokens.claims();
      assert.equal(claims?.sub, account.id);
      assert.equal(claims?.email, email);
      assert.equal(claims?.email_verified, true);
      assert.equal(claims?.license_status, 'none');
      assert.equal(claims?.plan, null);
      assert.equal(claims?.team_role, 'owner');
      assert.equal(claims?.team_name, email.split('@')[0], "an unnamed team goes by its owner's name");
      assert.deepEqual(claims?.amr, ['pwd'], 'proved by a password');
      assert.ok(typeof claims?.auth_time === 'number' && claims.auth_time <= (claims.iat ?? 0));
      assert.ok(tokens.refresh_token, 'a refresh token for the first-party app');
      const info = await oidc.fetchUserInfo(config, tokens.access_token, account.id);
      assert.equal(info.email, email);

      // A license activated since shows on the next refresh; never its key.
      const key = (await runLicense(t)).trim();
      const activated = await browser.post('/license/activate', { license: key });
      assert.equal(activated.status, 200, activated.text);
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
      const fresh = refreshed.claims();
      assert.equal(fresh?.plan, 'pro');
      assert.equal(fresh?.license_status, 'active');
      assert.equal(fresh?.license_source, 'own');
      assert.deepEqual(fresh?.limits, { servers: 10, websites: 50 });
      assert.ok(!JSON.stringify(fresh).includes(key) && !JSON.stringify(fresh).includes(`${key.slice(-4)}"`));
    });

    it('sends a person without a session to the login screen, and on to the app once signed in', async () => {
      const email = nextEmail();
      await registerAccount(t, visitor(t), email, password);
      const browser = visitor(t);
      const request = await authorizationRequest(config, app.redirectUri, { ui_locales: 'de' });
      const page = await browse(browser, request.url, '/never');
      assert.equal(page.url.pathname, '/de/login');
      const back = page.url.searchParams.get('redirectTo') ?? '';
      assert.match(back, /^\/oidc\/interaction\/[\w-]+$/);
      const banner = await browser.get(`/app-sign-in/${back.split('/').at(-1)}`);
      assert.equal(banner.json?.data?.name, 'Monitoring dashboard');
      const signedIn = await browser.postForm('/signin', { email, password });
      assert.equal(signedIn.status, 200, signedIn.text);
      const landed = await browse(browser, `${t.url}${back}`, app.redirectUri);
      const tokens = await oidc.authorizationCodeGrant(config, landed.url, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
      });
      assert.equal(tokens.claims()?.email, email);
    });

    it('ends the app’s refresh and userinfo with the Gatehouse session, and asks to sign in again', async () => {
      const { browser, tokens, account } = await signedInWithTokens();
      const out = await browser.request('POST', '/signout');
      assert.equal(out.status, 200, out.text);
      await assert.rejects(
        oidc.refreshTokenGrant(config, tokens.refresh_token ?? ''),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );
      await assert.rejects(oidc.fetchUserInfo(config, tokens.access_token, account.id), (error: oidc.WWWAuthenticateChallengeError) =>
        error.cause.some((challenge) => challenge.parameters.error === 'invalid_token'),
      );
      // The provider's own cookie signs nobody in: the login screen again.
      const again = await authorizationRequest(config, app.redirectUri);
      const page = await browse(browser, again.url, app.redirectUri);
      assert.equal(page.url.pathname, '/login');
    });

    it('ends the app’s refresh when another device signs the others out, or the account is disabled', async () => {
      const first = await signedInWithTokens();
      const other = visitor(t);
      assert.equal((await other.postForm('/signin', { email: first.email, password })).status, 200);
      const ended = await other.post('/sessions/end-others', {});
      assert.equal(ended.status, 200, ended.text);
      await assert.rejects(
        oidc.refreshTokenGrant(config, first.tokens.refresh_token ?? ''),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );

      const second = await signedInWithTokens();
      assert.equal(await runAdminHere(t, ['account', 'disable', second.email]), 0);
      await assert.rejects(
        oidc.refreshTokenGrant(config, second.tokens.refresh_token ?? ''),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );
    });

    it('refuses an unregistered redirect URI, a missing or plain PKCE, without sending anyone anywhere', async () => {
      const browser = visitor(t);
      const foreign = await authorizationRequest(config, 'http://127.0.0.1:9/elsewhere');
      // Not to the unregistered URI: to the login screen, which says why in the person's language.
      const refused = await browser.get(foreign.url.href);
      assert.equal(refused.status, 303);
      assert.equal(refused.headers.get('location'), '/login?error=oidc.invalid_request');

      const noPkce = new URL(foreign.url);
      noPkce.searchParams.set('redirect_uri', app.redirectUri);
      noPkce.searchParams.delete('code_challenge');
      noPkce.searchParams.delete('code_challenge_method');
      const missing = await browse(browser, noPkce, app.redirectUri);
      assert.equal(missing.url.searchParams.get('error'), 'invalid_request');
      assert.match(missing.url.searchParams.get('error_description') ?? '', /PKCE/);

      const plain = new URL(noPkce);
      plain.searchParams.set('code_challenge', 'a'.repeat(43));
      plain.searchParams.set('code_challenge_method', 'plain');
      const plainAnswer = await browse(browser, plain, app.redirectUri);
      assert.equal(plainAnswer.url.searchParams.get('error'), 'invalid_request');
    });

    it('refuses a code redeemed twice and revokes what the first redemption gave', async () => {
      const { tokens, callback, request } = await signedInWithTokens();
      await assert.rejects(
        oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: request.verifier, expectedState: request.state }),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );
      await assert.rejects(
        oidc.refreshTokenGrant(config, tokens.refresh_token ?? ''),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );
    });

    it('refuses a code presented by another client, a revoked client and a tampered refresh token', async () => {
      const other = await registerClient(t);
      const browser = visitor(t);
      await registerAccount(t, browser, nextEmail(), password);
      const request = await authorizationRequest(config, app.redirectUri);
      const landed = await browse(browser, request.url, app.redirectUri);
      const code = landed.url.searchParams.get('code') ?? '';
      const stolen = await fetch(`${t.url}/oidc/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${other.clientId}:${other.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: app.redirectUri,
          code_verifier: request.verifier,
        }),
      });
      assert.equal(stolen.status, 400);
      assert.equal(((await stolen.json()) as { error: string }).error, 'invalid_grant');

      const tokens = await oidc.authorizationCodeGrant(config, landed.url, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
      });
      const tampered = `${(tokens.refresh_token ?? '').slice(0, -2)}xx`;
      await assert.rejects(oidc.refreshTokenGrant(config, tampered), (error: oidc.ResponseBodyError) => error.error === 'invalid_grant');

      const revoked = await runAdminHere(t, ['client', 'revoke', other.clientId]);
      assert.equal(revoked, 0);
      const afterRevoke = await fetch(`${t.url}/oidc/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${other.clientId}:${other.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' }),
      });
      assert.equal(afterRevoke.status, 401);
      assert.equal(((await afterRevoke.json()) as { error: string }).error, 'invalid_client');
    });

    it('keeps no usable code, token or secret in the database', async () => {
      const { tokens, callback } = await signedInWithTokens();
      const dump = JSON.stringify(
        await Promise.all(
          ['oidc_payloads', 'oidc_clients', 'oidc_grants', 'oidc_keys'].map((table) =>
            t.deps.db
              .selectFrom(table as 'oidc_payloads')
              .selectAll()
              .execute(),
          ),
        ),
      );
      for (const secret of [callback.searchParams.get('code') ?? '', tokens.refresh_token ?? '', tokens.access_token, app.clientSecret]) {
        assert.ok(secret.length > 20);
        assert.ok(!dump.includes(secret), 'a stored value the provider would accept');
      }
      assert.ok(!dump.includes('"d":'), 'no private key in the clear');
    });
  });
}

async function runAdminHere(t: TestApp, args: string[]): Promise<number> {
  const { runAdmin } = await import('./support/admin-cli.ts');
  return (await runAdmin(args, t.databaseUrl)).code;
}

async function runLicense(t: TestApp): Promise<string> {
  const { runAdmin } = await import('./support/admin-cli.ts');
  const made = await runAdmin(['license', 'create', '--plan', 'pro'], t.databaseUrl);
  return made.lines.at(-1) ?? '';
}
