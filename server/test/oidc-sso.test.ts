import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { registerAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { authorizationRequest, browse, discover, registerClient } from './support/oidc-app.ts';
import { type SsoTestApp, ssoRoundTrip, startSsoTestApp } from './support/sso.ts';

for (const dialect of await dialects('behaviour')) {
  describe(`an app's sign-in through Google or Microsoft (${dialect})`, () => {
    let sso: SsoTestApp;
    before(async () => {
      sso = await startSsoTestApp(dialect);
    });
    after(() => sso.stop());

    it('continues to the app after signing in with Google from the login screen it opened', async () => {
      const { t, google } = sso;
      const email = `app-sso-${Date.now()}@example.com`;
      const account = await registerAccount(t, visitor(t), email, 'correct horse battery');
      const user = google.addUser({ email, emailVerified: true });
      const app = await registerClient(t);
      const config = await discover(t, app);

      const browser = visitor(t);
      const request = await authorizationRequest(config, app.redirectUri);
      const page = await browse(browser, request.url, app.redirectUri);
      assert.equal(page.url.pathname, '/login');
      const back = page.url.searchParams.get('redirectTo') ?? '';
      const returned = await ssoRoundTrip(browser, google, user.login, `redirectTo=${encodeURIComponent(back)}`);
      assert.equal(returned.path, back);
      const landed = await browse(browser, `${t.url}${back}`, app.redirectUri);
      const tokens = await oidc.authorizationCodeGrant(config, landed.url, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
      });
      assert.equal(tokens.claims()?.sub, account.id);
      assert.deepEqual(tokens.claims()?.amr, ['fed'], 'proved by the single sign-on provider');
    });
  });
}
