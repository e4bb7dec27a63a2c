import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sha256 } from '../src/lib/crypto.ts';
import { dumpDatabase, eventually, liveTokensOf, seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { linkIn } from './support/smtp.ts';
import { startBehindProxy, startTestApp, type TestApp } from './support/test-app.ts';

const minute = 60_000;
const hour = 60 * minute;
const password = 'Token test secret 9';

for (const dialect of await dialects('persistence')) {
  describe(`one-time tokens (${dialect})`, () => {
    let t: TestApp;
    let n = 0;
    const seen: string[] = [];
    const nextEmail = () => `holder${++n}@example.com`;

    /** Signs up and returns the token of the mailed verification link. */
    async function verificationToken(email: string): Promise<string> {
      assert.equal((await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
      const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/activate-email?'));
      const token = linkIn(mail, `${t.url}/activate-email?`).searchParams.get('token') ?? '';
      seen.push(token);
      return token;
    }
    async function setPasswordToken(email: string, token: string): Promise<string> {
      const verified = await visitor(t).post('/user/verify-email', { email, token });
      assert.equal(verified.status, 200, verified.text);
      seen.push(verified.json.data.token);
      return verified.json.data.token;
    }
    /**
     * Requests a reset on an app (each instance keeps its own rate limits) and returns the mailed
     * token. Instances on one database share the outbox, so whichever polls first sends the mail:
     * look in the capture of every instance running.
     */
    async function resetToken(app: TestApp, email: string, running: TestApp[] = [t, app]): Promise<string> {
      const mailed = () =>
        running
          .flatMap((each) => each.smtp.mailsTo(email))
          .flatMap((mail) => [...mail.text.matchAll(/\/reset\?token=([\w-]+)/g)].map((m) => m[1] ?? ''));
      const before = new Set(mailed());
      assert.equal((await visitor(app).post('/user/init-password-reset', { email })).status, 200);
      const token = await eventually(async () => mailed().find((candidate) => !before.has(candidate)), 'the reset mail');
      seen.push(token);
      return token;
    }
    const reset = (token: string) => visitor(t).post('/user/password-reset', { token, password: 'A fresh secret 4711' });

    before(async () => (t = await startBehindProxy({ dialect })));
    after(() => t.stop());

    it('keeps a verification link valid for 24 hours', async () => {
      const email = nextEmail();
      const token = await verificationToken(email);
      t.clock.advance(24 * hour - minute);
      assert.equal((await visitor(t).post('/user/verify-email', { email, token })).status, 200, 'valid a minute before');
      t.clock.advance(2 * minute);
      const late = await visitor(t).post('/user/verify-email', { email, token });
      assert.equal(late.status, 400);
      assert.equal(late.json.code, 'email.link_expired');
    });

    it('keeps the set-password token valid for 1 hour', async () => {
      const email = nextEmail();
      const link = await verificationToken(email);
      const stale = await setPasswordToken(email, link);
      t.clock.advance(hour + minute);
      const late = await visitor(t).post('/user/set-password', { email, password, token: stale });
      assert.equal(late.status, 400);
      assert.equal(late.json.code, 'token.invalid');

      const fresh = await setPasswordToken(email, link);
      t.clock.advance(hour - minute);
      assert.equal((await visitor(t).post('/user/set-password', { email, password, token: fresh })).status, 200);
    });

    it('keeps a reset link valid for 1 hour', async () => {
      const email = nextEmail();
      await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
      const token = await resetToken(t, email);
      t.clock.advance(hour + minute);
      const late = await reset(token);
      assert.equal(late.status, 400);
      assert.deepEqual(late.json, { error: 'Password reset error', code: 'reset.failed' });
    });

    it('kills the older reset link when a newer one is mailed', async () => {
      const email = nextEmail();
      await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
      // A second instance on the same database: its own one-a-minute allowance, as after a minute.
      const other = await startTestApp({ databaseUrl: t.databaseUrl });
      other.clock.offsetMs = t.clock.offsetMs;
      try {
        const older = await resetToken(t, email, [t, other]);
        const newer = await resetToken(other, email, [t, other]);
        assert.notEqual(older, newer);
        assert.equal((await reset(older)).status, 400, 'the older link is dead');
        t.clock.advance(hour - minute);
        assert.equal((await reset(newer)).status, 200, 'the newer link works for almost an hour');
        assert.equal((await reset(newer)).status, 400, 'and only once');
      } finally {
        await other.stop();
      }
    });

    it('keeps one live reset link when several instances mail one at once', async () => {
      const email = nextEmail();
      const account = await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
      const others = await Promise.all(Array.from({ length: 4 }, () => startTestApp({ databaseUrl: t.databaseUrl })));
      try {
        const answers = await Promise.all([t, ...others].map((app) => visitor(app).post('/user/init-password-reset', { email })));
        assert.deepEqual(
          answers.map((answer) => answer.status),
          [200, 200, 200, 200, 200],
        );
        const live = await t.deps.db
          .selectFrom('one_time_tokens')
          .select('id')
          .where('account_id', '=', account.id)
          .where('purpose', '=', 'password_reset')
          .where('consumed_at', 'is', null)
          .execute();
        assert.equal(live.length, 1);
      } finally {
        await Promise.all(others.map((other) => other.stop()));
      }
    });

    // Both transactions write tokens of one account: they must queue, never deadlock (a 5xx).
    it('settles a scanner re-opening the link while the person sets the password', async () => {
      for (let round = 0; round < 5; round += 1) {
        const email = nextEmail();
        const link = await verificationToken(email);
        const setToken = await setPasswordToken(email, link);
        const [scanner, person] = await Promise.all([
          visitor(t).post('/user/verify-email', { email, token: link }),
          visitor(t).post('/user/set-password', { email, password, token: setToken }),
        ]);
        // Whoever commits first wins: a password set ends the link; a newer set-password token ends the older.
        assert.ok([200, 400].includes(scanner.status), `scanner got ${scanner.status}: ${scanner.text}`);
        assert.ok([200, 400].includes(person.status), `person got ${person.status}: ${person.text}`);
        assert.ok(scanner.status === 200 || person.status === 200, 'one of them went through');
      }
    });

    it('binds each token to its purpose', async () => {
      const email = nextEmail();
      const link = await verificationToken(email);
      const wrongPlace = await reset(link);
      assert.equal(wrongPlace.status, 400);
      assert.equal(wrongPlace.json.code, 'reset.failed');
      const setToken = await setPasswordToken(email, link);
      assert.equal((await reset(setToken)).json.code, 'reset.failed');
      assert.equal((await visitor(t).post('/user/set-password', { email, password, token: setToken })).status, 200);

      const resetLink = await resetToken(t, email);
      const asVerification = await visitor(t).post('/user/verify-email', { email, token: resetLink });
      assert.equal(asVerification.status, 400);
      assert.equal(asVerification.json.code, 'email.verification_failed');
      assert.equal((await visitor(t).post('/user/set-password', { email, password, token: resetLink })).json.code, 'token.invalid');
      assert.equal((await reset(resetLink)).status, 200, 'still good for its own purpose');
    });

    it('ends every older link when the password changes', async () => {
      const email = nextEmail();
      const link = await verificationToken(email);
      const setToken = await setPasswordToken(email, link);
      const resetLink = await resetToken(t, email);
      assert.equal((await reset(resetLink)).status, 200);
      const verify = await visitor(t).post('/user/verify-email', { email, token: link });
      assert.deepEqual([verify.status, verify.json.code], [400, 'email.link_used']);
      const set = await visitor(t).post('/user/set-password', { email, password, token: setToken });
      assert.deepEqual([set.status, set.json.code], [400, 'token.invalid']);
      assert.equal((await reset(resetLink)).status, 400);
      const live = await liveTokensOf(t.deps.db, email);
      assert.deepEqual(live, [], 'no live token is left');
    });

    it('stores every token only as its SHA-256', async () => {
      assert.ok(seen.length >= 10);
      for (const token of seen) assert.match(token, /^[A-Za-z0-9_-]{43}$/, '32 random bytes, base64url');
      const rows = await t.deps.db.selectFrom('one_time_tokens').select('token_hash').execute();
      const hashes = new Set(rows.map((row) => row.token_hash));
      for (const token of seen) assert.ok(hashes.has(sha256(token)), 'every issued token has its hash stored');
      // The outbox included: its bodies are sealed, and blanked once sent (decision 014).
      const stored = await dumpDatabase(t.deps.db);
      for (const token of seen) assert.ok(!stored.includes(token), 'a raw token is stored');
    });
  });
}
