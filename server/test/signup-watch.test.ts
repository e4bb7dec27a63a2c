import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomToken } from '../src/lib/crypto.ts';
import { headerLines, seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { SoftAuthenticator } from './support/passkey-authenticator.ts';
import { linkIn } from './support/smtp.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The tab that starts a sign-up learns, through its own secret, when the address is confirmed
// and the account set up on another device; nobody learns anything about an address that way,
// nor about a sign-up someone else started (decision 041).

for (const dialect of await dialects('behaviour')) {
  describe(`the sign-up's starting tab asks what became of it (${dialect})`, () => {
    let t: TestApp;
    // A second instance on the same database, as behind a load balancer: an address's mail
    // allowance (one a minute) is counted per instance, so a second sign-up of the same address
    // within the minute is sent there.
    let other: TestApp;
    let n = 0;
    before(async () => {
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1' } });
      other = await startTestApp({ dialect, databaseUrl: t.databaseUrl, env: { TRUST_PROXY: '127.0.0.1' }, smtp: t.smtp });
    });
    after(async () => {
      await other.stop();
      await t.stop();
    });

    /** What the browser that signed up is told about the sign-up of `watch`. */
    const stateOf = async (browser: TestClient, watch: string) => {
      const answer = await browser.post('/user/signup-status', { watch });
      assert.equal(answer.status, 200, answer.text);
      return answer.json.data.state;
    };
    /** Signs `email` up from `browser` with a watch of its own; returns the watch. */
    const signUp = async (browser: TestClient, email: string) => {
      const watch = randomToken();
      const answer = await browser.post('/user/signup', { email, dataProcessingConsent: true, watch });
      assert.equal(answer.status, 200, answer.text);
      return watch;
    };
    /** The token of the `count`th verification mail to `email`, sent by the instance `from` answered. */
    const tokenOf = async (email: string, count = 1, from = t) => {
      await t.smtp.waitFor(email, () => t.smtp.mailsTo(email).length >= count);
      const mail = t.smtp.mailsTo(email)[count - 1];
      assert.ok(mail);
      return linkIn(mail, `${from.url}/activate-email?`).searchParams.get('token') ?? '';
    };
    /** The same browser (its cookies) sending its next calls to the other instance. */
    const onOther = (browser: TestClient) => {
      const moved = visitor(other);
      for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
      return moved;
    };

    it('waiting, then verified once the link is opened on another device, then ready once the password is set there', async () => {
      const email = `watched-${++n}-${dialect}@example.com`;
      const tab = visitor(t);
      const watch = await signUp(tab, email);
      assert.equal(await stateOf(tab, watch), 'waiting');

      const phone = visitor(t);
      const verified = await phone.post('/user/verify-email', { email, token: await tokenOf(email) });
      assert.equal(verified.status, 200, verified.text);
      assert.equal(await stateOf(tab, watch), 'verified');
      // The watch belongs to the browser that signed up: sent from any other, it tells nothing.
      assert.equal(await stateOf(visitor(t), watch), 'waiting');
      const set = await phone.post('/user/set-password', { email, password: 'Set on the phone 2026', token: verified.json.data.token });
      assert.equal(set.status, 200, set.text);
      assert.equal(await stateOf(tab, watch), 'ready');
      assert.equal(await stateOf(phone, watch), 'waiting');
      // Knowing it signs nobody in: the tab still has no session.
      assert.equal((await tab.get('/session')).json.data, null);
    });

    it('ready too once the other device finished with a passkey instead of a password', async () => {
      const email = `watched-passkey-${++n}-${dialect}@example.com`;
      const tab = visitor(t);
      const watch = await signUp(tab, email);
      const phone = visitor(t);
      const verified = await phone.post('/user/verify-email', { email, token: await tokenOf(email) });
      const token = verified.json.data.token;
      assert.equal(await stateOf(tab, watch), 'verified');
      const options = await phone.post('/user/passkey-signup/options', { email, token });
      assert.equal(options.status, 200, options.text);
      const response = new SoftAuthenticator().create(options.json.data, new URL(t.url).origin);
      const done = await phone.post('/user/passkey-signup', { email, token, response });
      assert.equal(done.status, 200, done.text);
      assert.equal(await stateOf(tab, watch), 'ready');
    });

    it('a stranger who signs a pending address up again learns nothing of it; the owner’s tab is told when the link opens in its browser', async () => {
      const email = `contested-${++n}-${dialect}@example.com`;
      const owner = visitor(t);
      const ownerWatch = await signUp(owner, email);
      const stranger = visitor(other);
      const strangerWatch = await signUp(stranger, email);
      // Only the newest link works: the owner opens the mail the stranger's sign-up sent, on a phone first …
      const token = await tokenOf(email, 2, other);
      const phone = visitor(t);
      assert.equal((await phone.post('/user/verify-email', { email, token })).status, 200);
      assert.equal(await stateOf(stranger, strangerWatch), 'waiting');

      // … then in the browser that signed up, whose tab is told.
      const here = await owner.post('/user/verify-email', { email, token });
      assert.equal(here.status, 200, here.text);
      assert.equal(await stateOf(owner, ownerWatch), 'verified');
      assert.equal(await stateOf(stranger, strangerWatch), 'waiting');
      const set = await phone.post('/user/set-password', { email, password: 'Owner of this address 2026', token: here.json.data.token });
      assert.equal(set.status, 200, set.text);
      assert.equal(await stateOf(owner, ownerWatch), 'ready');
      assert.equal(await stateOf(stranger, strangerWatch), 'waiting');
    });

    it('a stranger who signed the address up first learns nothing when its owner signs up and finishes', async () => {
      const email = `squatted-${++n}-${dialect}@example.com`;
      const stranger = visitor(t);
      const strangerWatch = await signUp(stranger, email);
      const owner = visitor(other);
      const ownerWatch = await signUp(owner, email);
      const token = await tokenOf(email, 2, other);
      // A mail scanner, or the owner's phone, opens the link first: neither sign-up is told of it.
      assert.equal((await visitor(t).post('/user/verify-email', { email, token })).status, 200);
      assert.equal(await stateOf(stranger, strangerWatch), 'waiting');

      const verified = await owner.post('/user/verify-email', { email, token });
      assert.equal(verified.status, 200, verified.text);
      assert.equal(await stateOf(owner, ownerWatch), 'verified');
      assert.equal(await stateOf(stranger, strangerWatch), 'waiting');
      const set = await owner.post('/user/set-password', {
        email,
        password: 'Owner of this address 2026',
        token: verified.json.data.token,
      });
      assert.equal(set.status, 200, set.text);
      assert.equal(await stateOf(stranger, strangerWatch), 'waiting');
    });

    it('a browser that signs the same address up again is still followed from another device', async () => {
      const email = `again-${++n}-${dialect}@example.com`;
      const first = visitor(t);
      await signUp(first, email);
      const tab = onOther(first);
      const watch = await signUp(tab, email);
      const verified = await visitor(t).post('/user/verify-email', { email, token: await tokenOf(email, 2, other) });
      assert.equal(verified.status, 200, verified.text);
      assert.equal(await stateOf(tab, watch), 'verified');
    });

    it('an address with an account gets the same answer, its watch’s cookie included, and stays waiting, whatever its owner does', async () => {
      const email = `owner-${++n}-${dialect}@example.com`;
      // Made straight in the database: a sign-up's mail would hold the address's mail allowance for a minute.
      await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash('Owner of this one 2026') });
      const owner = visitor(t);
      const stranger = visitor(t);
      const watch = randomToken();
      const answer = await stranger.post('/user/signup', { email, dataProcessingConsent: true, watch });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { data: { email } });
      // An address nobody has, of the same length: the same answer, headers and cookie included.
      const unknownWatch = randomToken();
      const unknown = await visitor(t).post('/user/signup', {
        email: `unkwn-${n}-${dialect}@example.com`,
        dataProcessingConsent: true,
        watch: unknownWatch,
      });
      assert.deepEqual(
        headerLines(unknown.headers).map((line) => line.replace(unknownWatch, 'watch')),
        headerLines(answer.headers).map((line) => line.replace(watch, 'watch')),
      );
      assert.equal(await stateOf(stranger, watch), 'waiting');
      assert.equal((await owner.postForm('/signin', { email, password: 'Owner of this one 2026' })).status, 200);
      assert.equal(await stateOf(stranger, watch), 'waiting');
    });

    it('a made-up watch is waiting; a missing or malformed one is refused with the token’s message', async () => {
      assert.equal(await stateOf(visitor(t), randomToken()), 'waiting');
      const missing = await visitor(t).post('/user/signup-status', {});
      assert.equal(missing.status, 400);
      assert.equal(missing.json.code, 'validation.token_required');
      const short = await visitor(t).post('/user/signup-status', { watch: 'short' });
      assert.equal(short.status, 400);
      assert.equal(short.json.code, 'token.invalid');
    });
  });
}
