import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hasSecondFactor } from '../src/features/auth/factors.ts';
import { issueCode } from '../src/features/tokens/code.service.ts';
import { freshEmail, seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { SoftAuthenticator } from './support/passkey-authenticator.ts';
import { ownTeam, seedInvitation } from './support/teams.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { totpAt } from './support/totp.ts';

// Decision 048: passkeys added in the settings, signing in without an address, signing up
// without a password; each refusal (replay, another origin or host, a counter gone back, a
// challenge of another browser) translated and in the audit log. The authenticator is software
// (test support): the server checks its answers as it checks a browser's.

const password = 'Passkey owner 2026';
const cap = 5;

for (const dialect of await dialects('behaviour')) {
  describe(`passkeys (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    // Fetch names no Origin; the page's origin is what the browser puts in the signed client data.
    const origin = () => new URL(t.url).origin;
    const onHost = (host: string) => visitor(t, { 'x-forwarded-host': host });

    before(async () => {
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1', ACCOUNT_SIGNIN_FAILURES: String(cap) } });
      hash = await t.deps.hasher.hash(password);
    });
    after(() => t.stop());

    const person = async () => {
      const email = freshEmail('passkey');
      const account = await seedAccount(t, email, { passwordHash: hash });
      return { email, id: account.id, client: await signIn(t, email, password) };
    };

    const addPasskey = async (
      client: TestClient,
      authenticator: SoftAuthenticator,
      at = origin(),
      proof: object = { currentPassword: password },
    ) => {
      const options = await client.post('/account/passkeys/options', proof);
      assert.equal(options.status, 200, options.text);
      const added = await client.post('/account/passkeys', { response: authenticator.create(options.json.data, at) });
      assert.equal(added.status, 200, added.text);
      return added.json.data;
    };

    const signInWith = async (
      authenticator: SoftAuthenticator,
      client = visitor(t),
      at = origin(),
      pick?: Parameters<SoftAuthenticator['get']>[2],
    ) => {
      const options = await client.post('/passkey/signin/options');
      assert.equal(options.status, 200, options.text);
      const response = authenticator.get(options.json.data, at, pick);
      return { answer: await client.post('/passkey/signin', { response }), response, client };
    };

    const amrOf = async (accountId: string) =>
      (
        await t.deps.db.selectFrom('sessions').select('amr').where('account_id', '=', accountId).orderBy('created_at', 'desc').execute()
      ).map((row) => row.amr);
    const events = async (accountId: string) =>
      (await t.deps.db.selectFrom('auth_events').select('type').where('account_id', '=', accountId).execute()).map((row) => row.type);

    it('adds a passkey after the password, lists, renames it; it signs in with two factors when the person was verified', async () => {
      const { id, client } = await person();
      const missing = await client.post('/account/passkeys/options', {});
      assert.deepEqual(
        [missing.status, missing.json.code, missing.json.fields.currentPassword],
        [400, 'account.confirmation_required', 'validation.password_required'],
      );
      const wrong = await client.post('/account/passkeys/options', { currentPassword: 'Not the password 1' });
      assert.deepEqual([wrong.status, wrong.json.code], [400, 'auth.wrong_password']);
      const authenticator = new SoftAuthenticator({ synced: true });
      const added = await addPasskey(client, authenticator);
      assert.equal(added.synced, true);
      assert.equal(added.host, 'localhost');
      assert.equal(added.lastUsedAt, null);
      assert.equal(await hasSecondFactor(t.deps.db, id), true, 'a passkey made with user verification is a second factor');

      const unproved = await client.request('PATCH', `/account/passkeys/${added.id}`, { json: { name: 'Work laptop' } });
      assert.deepEqual(
        [unproved.status, unproved.json.code],
        [400, 'account.confirmation_required'],
        'a name is changed with the proof only',
      );
      const renamed = await client.request('PATCH', `/account/passkeys/${added.id}`, {
        json: { name: ' Work laptop ', currentPassword: password },
      });
      assert.equal(renamed.status, 200, renamed.text);
      const badName = await client.request('PATCH', `/account/passkeys/${added.id}`, { json: { name: 'a\nb', currentPassword: password } });
      assert.deepEqual([badName.status, badName.json.fields.name], [400, 'passkey.name_invalid']);
      const listed = (await client.get('/account/passkeys')).json.data;
      assert.deepEqual(
        listed.map((p: { name: string }) => p.name),
        ['Work laptop'],
      );

      const { answer, client: signedIn } = await signInWith(authenticator);
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.data.id, id);
      assert.equal((await signedIn.get('/session')).json.data.account.id, id);
      assert.equal((await amrOf(id))[0], 'hwk user mfa');
      assert.ok((await signedIn.get('/account/passkeys')).json.data[0].lastUsedAt, 'the last use is shown');
      assert.ok((await events(id)).includes('passkey_added') && (await events(id)).includes('passkey_signin'));
    });

    it('without user verification: one factor, and no second factor for a team rule', async () => {
      const { id, client } = await person();
      const authenticator = new SoftAuthenticator({ userVerification: false });
      await addPasskey(client, authenticator);
      assert.equal(await hasSecondFactor(t.deps.db, id), false);
      const { answer } = await signInWith(authenticator);
      assert.equal(answer.status, 200, answer.text);
      assert.equal((await amrOf(id))[0], 'hwk');
    });

    it('a verified passkey alone turns no two-factor on: the password signs in, and an authenticator can still be added', async () => {
      const { id, email, client } = await person();
      await addPasskey(client, new SoftAuthenticator());
      assert.equal(await hasSecondFactor(t.deps.db, id), true, 'enough for a team that requires two-factor');
      // Nothing could answer a code prompt here: no authenticator, no recovery codes.
      const signedIn = await visitor(t).postForm('/signin', { email, password });
      assert.equal(signedIn.status, 200, signedIn.text);
      assert.equal(signedIn.json.data.id, id, 'a session at once, not a code prompt');
      assert.deepEqual((await client.get('/account')).json.data.twoFactor, { enabled: false, recoveryCodesLeft: 0 });
      const begun = await client.post('/account/two-factor/totp', { currentPassword: password });
      assert.equal(begun.status, 200, begun.text);
      const confirmed = await client.post('/account/two-factor/totp/confirm', { code: totpAt(begun.json.data.secret, t.clock.now()) });
      assert.equal(confirmed.status, 200, confirmed.text);
      const asked = await visitor(t).postForm('/signin', { email, password });
      assert.deepEqual(asked.json.data, { twoFactor: { methods: ['totp', 'recovery'] } }, 'with the authenticator on, the code is asked');
    });

    it('with an authenticator app too: a passkey without user verification asks for its code, one with it does not', async () => {
      const { id, client } = await person();
      const begun = await client.post('/account/two-factor/totp', { currentPassword: password });
      const { secret } = begun.json.data;
      assert.equal((await client.post('/account/two-factor/totp/confirm', { code: totpAt(secret, t.clock.now()) })).status, 200);
      const plain = new SoftAuthenticator({ userVerification: false });
      await addPasskey(client, plain);

      const { answer, client: browser } = await signInWith(plain);
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.json.data, { twoFactor: { methods: ['totp', 'recovery'] } });
      assert.equal((await browser.get('/session')).json.data, null, 'no session before the code');
      t.clock.advance(30_000);
      const second = await browser.post('/signin/two-factor', { code: totpAt(secret, t.clock.now()) });
      assert.equal(second.status, 200, second.text);
      assert.equal((await amrOf(id))[0], 'hwk otp mfa');

      const verified = new SoftAuthenticator();
      await addPasskey(client, verified);
      const direct = await signInWith(verified);
      assert.equal(direct.answer.json.data.id, id, 'a verified passkey is two factors alone');
      assert.equal((await amrOf(id))[0], 'hwk user mfa');
    });

    it('refuses a replayed answer, another origin, a counter gone back and a challenge of another browser, each in the audit log', async () => {
      const { id, client } = await person();
      const authenticator = new SoftAuthenticator();
      await addPasskey(client, authenticator);
      const refusals = async () => (await events(id)).filter((type) => type === 'passkey_refused').length;

      const { answer, response, client: browser } = await signInWith(authenticator);
      assert.equal(answer.status, 200, answer.text);
      const replayed = await browser.post('/passkey/signin', { response });
      assert.deepEqual([replayed.status, replayed.json.code], [400, 'passkey.expired']);
      assert.equal(await refusals(), 1);

      const elsewhere = await signInWith(authenticator, visitor(t), 'https://evil.example');
      assert.deepEqual([elsewhere.answer.status, elsewhere.answer.json.code], [400, 'passkey.invalid']);
      assert.equal(await refusals(), 2);

      const credential = authenticator.credentials[0];
      const cloned = await signInWith(authenticator, visitor(t), origin(), { credential, counter: 1 });
      assert.deepEqual([cloned.answer.status, cloned.answer.json.code], [400, 'passkey.counter_regressed']);
      assert.equal(await refusals(), 3);

      // The challenge is bound to the browser that asked for it: another browser's answer finds none.
      const asker = visitor(t);
      const options = await asker.post('/passkey/signin/options');
      const stolen = await visitor(t).post('/passkey/signin', { response: authenticator.get(options.json.data, origin()) });
      assert.deepEqual([stolen.status, stolen.json.code], [400, 'passkey.expired']);
      assert.equal(await refusals(), 4);

      // Short-lived: five minutes.
      const late = visitor(t);
      const lateOptions = await late.post('/passkey/signin/options');
      t.clock.advance(5 * 60_000 + 1000);
      const expired = await late.post('/passkey/signin', { response: authenticator.get(lateOptions.json.data, origin()) });
      assert.deepEqual([expired.status, expired.json.code], [400, 'passkey.expired']);

      const garbage = await visitor(t).post('/passkey/signin', { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } });
      assert.deepEqual([garbage.status, garbage.json.code], [400, 'passkey.invalid']);
      assert.ok(
        (await t.deps.db.selectFrom('passkeys').select('counter').where('account_id', '=', id).executeTakeFirstOrThrow()).counter >= 1,
      );
    });

    it("keeps each host's passkeys its own: brand A's passkey is neither offered nor accepted on brand B", async () => {
      const { client, email } = await person();
      const onA = onHost('id.brand-a.example');
      const signedInA = await onA.postForm('/signin', { email, password });
      assert.equal(signedInA.status, 200, signedInA.text);
      const authenticator = new SoftAuthenticator();
      const added = await addPasskey(onA, authenticator, 'http://id.brand-a.example');
      assert.equal(added.host, 'id.brand-a.example');
      // The options name the host as relying party: a browser on B is offered none of A's.
      const optionsOnB = await onHost('id.brand-b.example').post('/passkey/signin/options');
      assert.equal(optionsOnB.json.data.rpId, 'id.brand-b.example');
      const onB = onHost('id.brand-b.example');
      const bOptions = (await onB.post('/passkey/signin/options')).json.data;
      const forged = authenticator.get({ ...bOptions, rpId: 'id.brand-a.example' }, 'http://id.brand-b.example');
      const refused = await onB.post('/passkey/signin', { response: forged });
      assert.deepEqual([refused.status, refused.json.code], [400, 'passkey.unknown']);
      const onAAgain = onHost('id.brand-a.example');
      const { answer } = await signInWith(authenticator, onAAgain, 'http://id.brand-a.example');
      assert.equal(answer.status, 200, answer.text);
      assert.equal((await client.get('/account/passkeys')).json.data.length, 1);
    });

    it('refuses every passkey call from a hosting panel', async () => {
      const { client } = await person();
      for (const [method, path] of [
        ['POST', '/passkey/signin/options'],
        ['POST', '/passkey/signin'],
        ['POST', '/user/passkey-signup/options'],
        ['GET', '/account/passkeys'],
        ['POST', '/account/passkeys/options'],
      ] as const) {
        const answer = await client.request(method, path, {
          headers: { 'x-api-key': 'any-key' },
          ...(method === 'GET' ? {} : { json: {} }),
        });
        assert.deepEqual([answer.status, answer.json.code], [403, 'passkey.unavailable'], `${method} ${path}`);
      }
    });

    it('tells a disabled account so once the passkey is verified, and starts no session', async () => {
      const { id, client } = await person();
      const authenticator = new SoftAuthenticator();
      await addPasskey(client, authenticator);
      await t.deps.db.updateTable('accounts').set({ disabled_at: new Date().toISOString() }).where('id', '=', id).execute();
      const before = (await amrOf(id)).length;
      const { answer } = await signInWith(authenticator);
      assert.equal(answer.status, 403, answer.text);
      assert.equal(answer.json.code, 'auth.account_disabled');
      assert.equal((await amrOf(id)).length, before, 'no session started');
    });

    it('ends the run of failed sign-ins, as single sign-on does', async () => {
      const { email, client } = await person();
      const authenticator = new SoftAuthenticator();
      await addPasskey(client, authenticator);
      for (let i = 0; i < cap; i += 1) await visitor(t).postForm('/signin', { email, password: `Wrong guess ${i}` });
      const paused = await visitor(t).postForm('/signin', { email, password });
      assert.equal(paused.json.code, 'auth.signin_paused');
      const { answer } = await signInWith(authenticator);
      assert.equal(answer.status, 200, answer.text);
      assert.equal((await visitor(t).postForm('/signin', { email, password })).status, 200, 'the password signs in again');
    });

    it('signs up with a passkey instead of a password; the last way in cannot be removed; a mailed code adds another', async () => {
      // From a team invitation: the set-password token comes at once, so no mail is spent before the code below.
      const owner = await person();
      const team = await ownTeam(owner.client);
      const email = freshEmail('passkey-signup');
      const invitation = await seedInvitation(t, team.id, email);
      const browser = visitor(t);
      const started = await browser.post('/user/signup', { email, dataProcessingConsent: true, invitation: invitation.token });
      assert.equal(started.status, 200, started.text);
      const token = started.json.data.token;
      const badToken = await browser.post('/user/passkey-signup/options', { email, token: `${token}x` });
      assert.deepEqual([badToken.status, badToken.json.code], [400, 'token.invalid']);
      const options = await browser.post('/user/passkey-signup/options', { email, token });
      assert.equal(options.status, 200, options.text);
      const authenticator = new SoftAuthenticator();
      const done = await browser.post('/user/passkey-signup', {
        email,
        token,
        response: authenticator.create(options.json.data, origin()),
        consent: true,
      });
      assert.equal(done.status, 200, done.text);
      const id = done.json.data.id;
      const overview = (await browser.get('/account')).json.data;
      assert.equal(overview.hasPassword, false);
      assert.equal((await amrOf(id))[0], 'hwk user mfa');
      assert.ok((await ownTeam(browser)) !== undefined);
      assert.equal(
        (await browser.get('/team')).json.data.teams.some((each: { id: string }) => each.id === team.id),
        true,
        'the invitation was joined',
      );
      // The sign-up's token ends with it: no password can be set with it afterwards.
      const again = await browser.post('/user/set-password', { email, token, password: 'A new password 2026!' });
      assert.deepEqual([again.status, again.json.code], [400, 'token.invalid']);

      const [only] = (await browser.get('/account/passkeys')).json.data;
      // Refused before any proof is asked: there is nothing to prove for a change that cannot be made.
      const last = await browser.delete(`/account/passkeys/${only.id}`, {});
      assert.deepEqual([last.status, last.json.code], [400, 'passkey.last_method']);

      // Without a password, adding one more takes the mailed code.
      const noCode = await browser.post('/account/passkeys/options', { currentPassword: 'anything at all' });
      assert.deepEqual([noCode.status, noCode.json.fields.emailCode], [400, 'validation.otp_required']);
      assert.equal((await browser.post('/account/passkeys/code')).status, 200);
      const codeMail = await t.smtp.waitFor(email, (m) => m.subject.includes('change your passkeys'));
      const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1] ?? '';
      const second = new SoftAuthenticator();
      await addPasskey(browser, second, origin(), { emailCode: code });
      const unproved = await browser.delete(`/account/passkeys/${only.id}`, {});
      assert.deepEqual([unproved.status, unproved.json.fields.emailCode], [400, 'validation.otp_required']);
      // The mail of a second code waits a minute (per-address limit): the code is issued as the route would.
      const removed = await browser.delete(`/account/passkeys/${only.id}`, {
        emailCode: await issueCode(t.deps.db, t.deps, id, 'passkey_code'),
      });
      assert.equal(removed.status, 200, removed.text);
      const gone = await browser.delete(`/account/passkeys/${only.id}`, {});
      assert.deepEqual([gone.status, gone.json.code], [404, 'passkey.not_found']);

      const exported = (await browser.get('/account/export')).json;
      const passkeys = (exported.data ?? exported).passkeys;
      assert.equal(passkeys.length, 1);
      assert.equal(
        JSON.stringify(passkeys).includes(second.credentials[0]?.id.toString('base64url') ?? '-'),
        false,
        'no credential id or key',
      );
    });
  });
}
