import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sha256 } from '../src/lib/crypto.ts';
import { dumpDatabase, headerLines, nextIp, seedAccount, signIn, visitor } from './support/accounts.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects } from './support/databases.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

const password = 'Sign-in secret 2026';
const invalid = { error: 'Invalid email and password', code: 'auth.invalid_credentials' };
const day = 86_400_000;

for (const dialect of await dialects('behaviour')) {
  describe(`sign-in and sessions (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let n = 0;
    /** A fresh account with the test password. */
    const account = async () => {
      n += 1;
      const email = `member${String(n).padStart(2, '0')}@example.com`;
      const { id } = await seedAccount(t, email, { passwordHash: hash });
      return { email, id };
    };
    const cookieOf = (response: { headers: Headers }) => response.headers.getSetCookie()[0] ?? '';
    const cookieValue = (setCookie: string) => setCookie.split(';')[0]?.split('=')[1] ?? '';

    before(async () => ({ t, hash } = await startWithHash(dialect, password)));
    after(() => t.stop());

    it('answers an unknown e-mail and a wrong password alike', async () => {
      const { email } = await account();
      const wrong = await visitor(t).postForm('/signin', { email, password: 'Not the password' });
      const unknown = await visitor(t).postForm('/signin', { email: 'nobody99@example.com', password: 'Not the password' });
      for (const answer of [wrong, unknown]) {
        assert.equal(answer.status, 401);
        assert.deepEqual(answer.json, invalid);
        assert.deepEqual(answer.headers.getSetCookie(), []);
      }
      assert.deepEqual(headerLines(unknown.headers), headerLines(wrong.headers));
    });

    it("checks the form with the seed's messages", async () => {
      const empty = await visitor(t).postForm('/signin', { email: 'member01@example.com', password: '' });
      assert.equal(empty.status, 400);
      assert.equal(empty.json.code, 'validation.password_required');
      assert.equal(empty.json.error, 'Fill in the password field');
      const badEmail = await visitor(t).postForm('/signin', { email: 'not-an-email', password });
      assert.equal(badEmail.status, 400);
      assert.equal(badEmail.json.error, 'Input a valid email');
      assert.equal(badEmail.json.code, 'validation.email_invalid');
    });

    it('takes urlencoded and multipart form data, and JSON the same way', async () => {
      const { email } = await account();
      const client = visitor(t);
      const sends = [
        (body: Record<string, string>) => client.postForm('/signin', body),
        (body: Record<string, string>) => client.postMultipart('/signin', body),
        (body: Record<string, string>) => client.post('/signin', body),
      ];
      for (const send of sends) {
        const ok = await send({ email, password });
        assert.equal(ok.status, 200, ok.text);
        assert.equal(ok.json.data.email, email);
        assert.match(cookieOf(ok), /^__Host-gatehouse_session=/);
        const wrong = await send({ email, password: `${password}!` });
        assert.equal(wrong.status, 401);
        assert.deepEqual(wrong.json, invalid);
      }
    });

    it('makes an (account, IP) pair wait after 10 failures, even with the right password', async () => {
      const { email } = await account();
      const { email: neighbour } = await account();
      const ip = nextIp();
      const sameIp = () => t.client({ 'x-forwarded-for': ip });
      for (let i = 1; i <= 10; i += 1) {
        const failed = await sameIp().postForm('/signin', { email, password: `wrong ${i} password` });
        assert.equal(failed.status, 401, `failure ${i}`);
      }
      const waiting = await sameIp().postForm('/signin', { email, password });
      assert.equal(waiting.status, 429);
      assert.equal(waiting.json.code, 'rate.limited');
      assert.ok(Number(waiting.headers.get('retry-after')) >= 1);
      assert.deepEqual(waiting.headers.getSetCookie(), []);

      assert.equal((await sameIp().postForm('/signin', { email: neighbour, password })).status, 200, 'another account from that IP');
      assert.equal((await visitor(t).postForm('/signin', { email, password })).status, 200, 'that account from another IP');
      assert.equal((await sameIp().postForm('/signin', { email, password })).status, 429, 'the pair still waits');

      // An unknown address waits just the same: the wait tells nothing.
      for (let i = 1; i <= 10; i += 1) await sameIp().postForm('/signin', { email: 'ghost77@example.com', password: 'whatever it is' });
      const ghost = await sameIp().postForm('/signin', { email: 'ghost77@example.com', password: 'whatever it is' });
      assert.equal(ghost.status, 429);
      assert.deepEqual(ghost.json, waiting.json);
    });

    it('clears the failure count on success', async () => {
      const { email } = await account();
      const client = visitor(t);
      for (let round = 0; round < 2; round += 1) {
        for (let i = 0; i < 9; i += 1) assert.equal((await client.postForm('/signin', { email, password: 'wrong password' })).status, 401);
        assert.equal((await client.postForm('/signin', { email, password })).status, 200, `round ${round}`);
      }
    });

    it('sets a __Host- cookie (Secure, HttpOnly, Path=/, SameSite=Lax), new at every sign-in, stored only hashed', async () => {
      const { email, id } = await account();
      assert.equal(t.deps.config.session.cookieName, '__Host-gatehouse_session');
      const client = visitor(t, { cookie: '__Host-gatehouse_session=planted-by-an-attacker-0123456789abcdef' });
      const first = cookieOf(await client.postForm('/signin', { email, password }));
      const attributes = first.split(';').map((part) => part.trim().toLowerCase());
      for (const wanted of ['httponly', 'secure', 'path=/', 'samesite=lax'])
        assert.ok(attributes.includes(wanted), `${wanted} in ${first}`);
      assert.ok(!attributes.some((a) => a.startsWith('domain=')), '__Host- cookies carry no Domain');
      const second = cookieOf(await client.postForm('/signin', { email, password }));
      const values = [cookieValue(first), cookieValue(second)];
      assert.notEqual(values[0], values[1], 'a new session id at every sign-in');
      assert.ok(values.every((value) => value.length >= 43 && value !== 'planted-by-an-attacker-0123456789abcdef'));

      const rows = await t.deps.db.selectFrom('sessions').select('token_hash').where('account_id', '=', id).execute();
      assert.deepEqual(rows.map((row) => row.token_hash).sort(), values.map(sha256).sort());
      const everything = await dumpDatabase(t.deps.db);
      for (const value of values) assert.ok(!everything.includes(value), 'the cookie value is stored nowhere');

      // Sign-out deletes the cookie with the attributes a browser needs to accept the deletion.
      const cleared = cookieOf(await client.post('/signout'))
        .split(';')
        .map((part) => part.trim().toLowerCase());
      assert.equal(cleared[0], '__host-gatehouse_session=');
      for (const wanted of ['httponly', 'secure', 'path=/', 'samesite=lax']) assert.ok(cleared.includes(wanted), `${wanted} in ${cleared}`);
      assert.ok(
        cleared.some((a) => a === 'max-age=0' || a.startsWith('expires=thu, 01 jan 1970')),
        `expired: ${cleared}`,
      );
    });

    it('lists own sessions and ends another one, but never somebody else’s', async () => {
      const { email } = await account();
      const laptop = await signIn(t, email, password);
      const phone = await signIn(t, email, password);
      const listed = await laptop.get('/sessions');
      assert.equal(listed.status, 200);
      assert.equal(listed.json.data.length, 2);
      const other = listed.json.data.find((session: { current: boolean }) => !session.current);
      assert.ok(other && listed.json.data.some((session: { current: boolean }) => session.current));

      const stranger = await signIn(t, (await account()).email, password);
      assert.equal((await stranger.delete(`/sessions/${other.id}`)).json?.code, 'auth.session_not_found');
      assert.notEqual((await phone.get('/session')).json.data, null, 'a stranger cannot end it');

      assert.equal((await laptop.delete(`/sessions/${other.id}`)).status, 200);
      assert.equal((await phone.get('/session')).json.data, null, 'the phone is signed out');
      assert.equal((await laptop.get('/session')).json.data.account.email, email);
      assert.equal((await laptop.delete(`/sessions/${other.id}`)).status, 404);
      assert.equal((await visitor(t).get('/sessions')).status, 401);
    });

    it('ends every session of an account disabled with the admin CLI', async () => {
      const { email, id } = await account();
      const clients = [await signIn(t, email, password), await signIn(t, email, password)];
      const disabled = await runAdmin(['account', 'disable', email], t.databaseUrl);
      assert.equal(disabled.code, 0, disabled.stderr);
      assert.match(disabled.stdout, /is disabled/);
      for (const client of clients) assert.equal((await client.get('/session')).json.data, null);
      assert.deepEqual(await t.deps.db.selectFrom('sessions').select('id').where('account_id', '=', id).execute(), []);
      const again = await visitor(t).postForm('/signin', { email, password });
      assert.equal(again.status, 403, 'the right password learns that the account is disabled');
      assert.equal(again.json.code, 'auth.account_disabled');
      assert.equal(again.json.error, 'This account is disabled. Contact support');
      const wrong = await visitor(t).postForm('/signin', { email, password: `${password}x` });
      assert.equal(wrong.status, 401, 'a wrong password learns nothing');
      assert.deepEqual(wrong.json, invalid);
    });

    // These move the shared clock forward; they come last.
    it('ends a session idle for more than 7 days', async () => {
      const client = await signIn(t, (await account()).email, password);
      t.clock.advance(6 * day);
      assert.notEqual((await client.get('/session')).json.data, null, 'six idle days are fine');
      t.clock.advance(8 * day);
      assert.equal((await client.get('/session')).json.data, null);
    });

    it('ends every session 30 days after sign-in, however active', async () => {
      const client = await signIn(t, (await account()).email, password);
      for (let days = 6; days <= 24; days += 6) {
        t.clock.advance(6 * day);
        assert.notEqual((await client.get('/session')).json.data, null, `day ${days}`);
      }
      t.clock.advance(5 * day + 23 * 3_600_000);
      assert.notEqual((await client.get('/session')).json.data, null, 'day 29, 23 h');
      t.clock.advance(2 * 3_600_000);
      assert.equal((await client.get('/session')).json.data, null, 'day 30, 1 h');
    });
  });
}
