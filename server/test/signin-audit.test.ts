import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freshEmail, registerAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { SoftAuthenticator } from './support/passkey-authenticator.ts';
import { callback, type SsoTestApp, startSso, startSsoTestApp } from './support/sso.ts';
import type { TestApp } from './support/test-app.ts';
import { totpAt } from './support/totp.ts';

// A sign-in is audited once, when its last factor is in, under the name of its way in; a first
// factor that still owes the code is audited as `two_factor_asked` only (decision 046). The
// owner's data export shows the audit log: a sign-in that never happened must not be in it.

const password = 'Audited sign-in 2026';
const stepMs = 30_000;
const signinEvents = new Set(['signin_succeeded', 'sso_signin', 'passkey_signin', 'two_factor_asked']);

for (const dialect of await dialects('behaviour')) {
  describe(`the audit log of a sign-in with a second factor (${dialect})`, () => {
    let sso: SsoTestApp;
    let t: TestApp;

    before(async () => {
      sso = await startSsoTestApp(dialect);
      t = sso.t;
      // Codes are computed for the server's clock, which moves only when a test moves it.
      t.clock.stop();
    });
    after(() => sso.stop());

    /** A person with a password who turns the authenticator app on from the settings. */
    async function enrolled(prefix: string) {
      const email = freshEmail(prefix);
      const client = visitor(t);
      const { id } = await registerAccount(t, client, email, password);
      const begun = await client.post('/account/two-factor/totp', { currentPassword: password });
      assert.equal(begun.status, 200, begun.text);
      const secret: string = begun.json.data.secret;
      const confirmed = await client.post('/account/two-factor/totp/confirm', { code: totpAt(secret, t.clock.now()) });
      assert.equal(confirmed.status, 200, confirmed.text);
      t.clock.advance(stepMs);
      return { email, id, client, secret };
    }

    /** The account's sign-in events, in name order: the test's clock stands still, so several share a time. */
    const signins = async (accountId: string) =>
      (await t.deps.db.selectFrom('auth_events').select('type').where('account_id', '=', accountId).execute())
        .map((row) => row.type)
        .filter((type) => signinEvents.has(type))
        .sort();

    const answerCode = async (browser: TestClient, secret: string) => {
      const done = await browser.post('/signin/two-factor', { code: totpAt(secret, t.clock.now()) });
      assert.equal(done.status, 200, done.text);
      t.clock.advance(stepMs);
    };

    it('a single sign-on that owes the code is audited as asked, and as sso_signin exactly once when the code is in', async () => {
      const { email, id, secret } = await enrolled('sso-audit');
      const user = sso.google.addUser({ email, emailVerified: true });
      const browser = visitor(t);
      const back = await callback(browser, await sso.google.signIn((await startSso(browser, sso.google)).href, user.login));
      assert.equal(back.path, '/login/two-factor');
      assert.equal((await browser.get('/session')).json.data, null);
      assert.deepEqual(await signins(id), ['two_factor_asked'], 'no sign-in before its second factor');

      await answerCode(browser, secret);
      assert.equal((await browser.get('/session')).json.data.account.email, email);
      assert.deepEqual(await signins(id), ['sso_signin', 'two_factor_asked'], 'one sign-in, named after its way in');
    });

    it('the code finishes a sign-in under the name of its way in: a password, a passkey', async () => {
      const { email, id, client, secret } = await enrolled('way-in');
      const byPassword = visitor(t);
      const first = await byPassword.postForm('/signin', { email, password });
      assert.deepEqual(first.json.data, { twoFactor: { methods: ['totp', 'recovery'] } });
      assert.deepEqual(await signins(id), ['two_factor_asked']);
      await answerCode(byPassword, secret);
      assert.deepEqual(await signins(id), ['signin_succeeded', 'two_factor_asked']);

      // A passkey without the person verified on the device is one factor: the code is asked.
      const origin = new URL(t.url).origin;
      const authenticator = new SoftAuthenticator({ userVerification: false });
      const options = await client.post('/account/passkeys/options', { currentPassword: password });
      assert.equal(options.status, 200, options.text);
      const added = await client.post('/account/passkeys', { response: authenticator.create(options.json.data, origin) });
      assert.equal(added.status, 200, added.text);
      const byPasskey = visitor(t);
      const asked = await byPasskey.post('/passkey/signin/options');
      assert.equal(asked.status, 200, asked.text);
      const signedIn = await byPasskey.post('/passkey/signin', { response: authenticator.get(asked.json.data, origin) });
      assert.deepEqual(signedIn.json.data, { twoFactor: { methods: ['totp', 'recovery'] } });
      assert.deepEqual(await signins(id), ['signin_succeeded', 'two_factor_asked', 'two_factor_asked']);
      await answerCode(byPasskey, secret);
      assert.deepEqual(await signins(id), ['passkey_signin', 'signin_succeeded', 'two_factor_asked', 'two_factor_asked']);
    });
  });
}
