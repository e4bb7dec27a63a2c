import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dumpDatabase, eventually, headerLines, seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { startTestApp, startWithHash, type TestApp } from './support/test-app.ts';

// Sign-up, resend and reset-request must not tell whether an address has an account
// (docs/product.md, enumeration; docs/security-targets.md): same status, body, headers and cookies; only the mail differs.
const calls = [
  { path: '/user/signup', body: (email: string) => ({ email, dataProcessingConsent: true }) },
  { path: '/user/resend-verification', body: (email: string) => ({ email }) },
  { path: '/user/init-password-reset', body: (email: string) => ({ email }) },
];

// Same length, so even Content-Length cannot differ.
const trio = (tag: string) => ({
  known: `known-${tag}@example.com`,
  pending: `pendg-${tag}@example.com`,
  unknown: `unkwn-${tag}@example.com`,
});

async function mailKinds(t: TestApp, to: string): Promise<string[]> {
  const rows = await t.deps.db.selectFrom('mail_outbox').select('kind').where('to_address', '=', to).orderBy('created_at').execute();
  return rows.map((row) => row.kind);
}

async function accountCount(t: TestApp, emailKey: string): Promise<number> {
  const rows = await t.deps.db.selectFrom('accounts').select('id').where('email_key', '=', emailKey).execute();
  return rows.length;
}

for (const dialect of await dialects('behaviour')) {
  describe(`sign-up enumeration and resend limits (${dialect})`, () => {
    let t: TestApp;
    let knownHash: string;
    before(async () => ({ t, hash: knownHash } = await startWithHash(dialect, 'A known long secret 1')));
    after(() => t.stop());

    it('answers sign-up, resend and reset alike for a known, a pending and an unknown address', async () => {
      for (const [index, call] of calls.entries()) {
        const emails = trio(String(index));
        await seedAccount(t, emails.known, { passwordHash: knownHash });
        await seedAccount(t, emails.pending);
        const answers = [];
        for (const email of Object.values(emails)) {
          const response = await visitor(t).post(call.path, call.body(email));
          assert.equal(response.status, 200, `${call.path} ${email}: ${response.text}`);
          assert.deepEqual(response.json, { data: { email } });
          assert.deepEqual(response.headers.getSetCookie(), [], `${call.path} sets no cookie`);
          answers.push(headerLines(response.headers));
        }
        assert.deepEqual(answers[1], answers[0], `${call.path}: pending and known answer alike`);
        assert.deepEqual(answers[2], answers[0], `${call.path}: unknown and known answer alike`);
      }
    });

    it('mails what happened instead: the owner of a known address hears "already registered"', async () => {
      const signup = trio('0');
      assert.deepEqual(await mailKinds(t, signup.known), ['already_registered']);
      assert.deepEqual(await mailKinds(t, signup.pending), ['verify_email']);
      assert.deepEqual(await mailKinds(t, signup.unknown), ['verify_email']);
      assert.equal(await accountCount(t, signup.known), 1, 'no second account for a known address');
      const known = await t.deps.db.selectFrom('accounts').selectAll().where('email_key', '=', signup.known).executeTakeFirstOrThrow();
      assert.equal(known.password_hash, knownHash, 'the existing account is untouched');
      const mail = await t.smtp.waitFor(signup.known);
      assert.equal(mail.subject, 'You already have a Gatehouse account');
      assert.match(mail.text, new RegExp(`${t.url}/login`));

      const resend = trio('1');
      assert.deepEqual(await mailKinds(t, resend.known), [], 'a registered address gets no verification link');
      assert.deepEqual(await mailKinds(t, resend.pending), ['verify_email']);
      assert.deepEqual(await mailKinds(t, resend.unknown), []);
      assert.equal(await accountCount(t, resend.unknown), 0, 'resend creates no account');

      const reset = trio('2');
      assert.deepEqual(await mailKinds(t, reset.known), ['password_reset']);
      assert.deepEqual(await mailKinds(t, reset.unknown), []);
      assert.equal(await accountCount(t, reset.unknown), 0, 'reset creates no account');
    });

    it('creates one account when one address signs up ten times at once on one instance', async () => {
      const variants = Array.from({ length: 10 }, (_, i) => (i % 2 ? 'Burst@Example.com' : 'burst@example.com'));
      const answers = await Promise.all(variants.map((email) => visitor(t).post('/user/signup', { email, dataProcessingConsent: true })));
      const statuses = answers.map((answer) => answer.status).sort();
      assert.deepEqual(statuses, [200, ...Array(9).fill(429)], 'one a minute per address, whatever its case');
      assert.equal(await accountCount(t, 'burst@example.com'), 1);
    });

    it('creates one account when ten instances (no shared limits) take the same sign-up at once', async () => {
      const others = await Promise.all(Array.from({ length: 9 }, () => startTestApp({ databaseUrl: t.databaseUrl })));
      try {
        const answers = await Promise.all(
          [t, ...others].map((app, i) =>
            app.client().post('/user/signup', { email: i % 3 ? 'race@example.com' : 'RACE@example.com', dataProcessingConsent: true }),
          ),
        );
        assert.deepEqual(
          answers.map((answer) => answer.status),
          Array(10).fill(200),
          answers.map((a) => a.text).join('\n'),
        );
        assert.equal(await accountCount(t, 'race@example.com'), 1, 'the unique e-mail key settles the race');
        const account = await t.deps.db
          .selectFrom('accounts')
          .selectAll()
          .where('email_key', '=', 'race@example.com')
          .executeTakeFirstOrThrow();
        const consents = await t.deps.db.selectFrom('consents').select('kind').where('account_id', '=', account.id).execute();
        // Only the processing of the typed address: the other consents are the owner's to give.
        assert.deepEqual(
          consents.map((row) => row.kind),
          ['data_processing'],
          'consents recorded once, by the winner',
        );
      } finally {
        await Promise.all(others.map((other) => other.stop()));
      }
    });

    // issueToken revokes older links before adding its own; without a lock on the account row,
    // concurrent transactions on PostgreSQL missed each other's uncommitted links (9 stayed valid).
    it('keeps only the newest verification link valid after concurrent sign-ups', async () => {
      const account = await t.deps.db
        .selectFrom('accounts')
        .select('id')
        .where('email_key', '=', 'race@example.com')
        .executeTakeFirstOrThrow();
      const live = await t.deps.db
        .selectFrom('one_time_tokens')
        .select('id')
        .where('account_id', '=', account.id)
        .where('consumed_at', 'is', null)
        .execute();
      assert.equal(live.length, 1);
    });

    it('allows one mail a minute per address, refusing known and unknown addresses alike', async () => {
      const known = 'limit-known@example.com';
      const unknown = 'limit-unkno@example.com';
      await seedAccount(t, known);
      const refusals = [];
      for (const email of [known, unknown]) {
        assert.equal((await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
        const mailsBefore = (await mailKinds(t, email)).length;
        // Another browser, another IP, another call of the same purpose: still the same address.
        const again = await visitor(t).post('/user/resend-verification', { email });
        assert.equal(again.status, 429, again.text);
        assert.deepEqual(again.json, { error: 'Too many attempts. Please wait a moment and try again', code: 'rate.limited' });
        const retryAfter = Number(again.headers.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
        assert.equal((await mailKinds(t, email)).length, mailsBefore, 'a refused call writes no mail');
        refusals.push(headerLines(again.headers).map((line) => line.replace(/^retry-after: \d+$/, 'retry-after: n')));
      }
      assert.deepEqual(refusals[1], refusals[0], 'the refusal does not tell known from unknown');

      // A password reset is another purpose with its own allowance.
      assert.equal((await visitor(t).post('/user/init-password-reset', { email: known })).status, 200);
    });

    it('stores no token of the mailed links in clear, the outbox included', async () => {
      await t.outbox.flush();
      // The tests above mailed links; the last may still be on its way to the SMTP listener.
      const mailed = () => t.smtp.mails.flatMap((mail) => [...mail.text.matchAll(/[?&]token=([\w-]+)/g)].map((match) => match[1] ?? ''));
      const tokens = await eventually(async () => (mailed().length >= 5 ? mailed() : undefined), 'the links mailed by the tests above');
      const stored = await dumpDatabase(t.deps.db);
      for (const token of tokens) assert.ok(!stored.includes(token), 'a raw token is stored');
    });
  });
}
