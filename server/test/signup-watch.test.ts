import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomToken } from '../src/lib/crypto.ts';
import { seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { SoftAuthenticator } from './support/passkey-authenticator.ts';
import { linkIn } from './support/smtp.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The tab that starts a sign-up learns, through its own secret, when the address is confirmed
// and the account set up on another device; nobody learns anything about an address that way
// (decision 041).

for (const dialect of await dialects()) {
  describe(`the sign-up's starting tab asks what became of it (${dialect})`, () => {
    let t: TestApp;
    let n = 0;
    before(async () => {
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1' } });
    });
    after(() => t.stop());

    const stateOf = async (watch: string) => {
      const answer = await visitor(t).post('/user/signup-status', { watch });
      assert.equal(answer.status, 200, answer.text);
      return answer.json.data.state;
    };
    const tokenOf = async (email: string, count = 1) => {
      await t.smtp.waitFor(email, () => t.smtp.mailsTo(email).length >= count);
      const mail = t.smtp.mailsTo(email)[count - 1];
      assert.ok(mail);
      return linkIn(mail, `${t.url}/activate-email?`).searchParams.get('token') ?? '';
    };

    it('waiting, then verified once the link is opened on another device, then ready once the password is set there', async () => {
      const email = `watched-${++n}-${dialect}@example.com`;
      const tab = visitor(t);
      const watch = randomToken();
      assert.equal((await tab.post('/user/signup', { email, dataProcessingConsent: true, watch })).status, 200);
      assert.equal(await stateOf(watch), 'waiting');

      const phone = visitor(t);
      const verified = await phone.post('/user/verify-email', { email, token: await tokenOf(email) });
      assert.equal(verified.status, 200, verified.text);
      assert.equal(await stateOf(watch), 'verified');
      const set = await phone.post('/user/set-password', { email, password: 'Set on the phone 2026', token: verified.json.data.token });
      assert.equal(set.status, 200, set.text);
      assert.equal(await stateOf(watch), 'ready');
      // Knowing it signs nobody in: the tab still has no session.
      assert.equal((await tab.get('/session')).json.data, null);
    });

    it('ready too once the other device finished with a passkey instead of a password', async () => {
      const email = `watched-passkey-${++n}-${dialect}@example.com`;
      const watch = randomToken();
      assert.equal((await visitor(t).post('/user/signup', { email, dataProcessingConsent: true, watch })).status, 200);
      const phone = visitor(t);
      const verified = await phone.post('/user/verify-email', { email, token: await tokenOf(email) });
      const token = verified.json.data.token;
      assert.equal(await stateOf(watch), 'verified');
      const options = await phone.post('/user/passkey-signup/options', { email, token });
      assert.equal(options.status, 200, options.text);
      const response = new SoftAuthenticator().create(options.json.data, new URL(t.url).origin);
      const done = await phone.post('/user/passkey-signup', { email, token, response });
      assert.equal(done.status, 200, done.text);
      assert.equal(await stateOf(watch), 'ready');
    });

    it('an address with an account gets the same answer and stays waiting, whatever its owner does', async () => {
      const email = `owner-${++n}-${dialect}@example.com`;
      // Made straight in the database: a sign-up's mail would hold the address's mail allowance for a minute.
      await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash('Owner of this one 2026') });
      const owner = visitor(t);
      const stranger = visitor(t);
      const watch = randomToken();
      const answer = await stranger.post('/user/signup', { email, dataProcessingConsent: true, watch });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { data: { email } });
      assert.equal(await stateOf(watch), 'waiting');
      assert.equal((await owner.postForm('/signin', { email, password: 'Owner of this one 2026' })).status, 200);
      assert.equal(await stateOf(watch), 'waiting');
    });

    it('a made-up watch is waiting; a missing or malformed one is refused with the token’s message', async () => {
      assert.equal(await stateOf(randomToken()), 'waiting');
      const missing = await visitor(t).post('/user/signup-status', {});
      assert.equal(missing.status, 400);
      assert.equal(missing.json.code, 'validation.token_required');
      const short = await visitor(t).post('/user/signup-status', { watch: 'short' });
      assert.equal(short.status, 400);
      assert.equal(short.json.code, 'token.invalid');
    });
  });
}
