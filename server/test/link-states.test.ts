import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findAccountByEmail } from '../src/features/accounts/account.repository.ts';
import { issueToken } from '../src/features/tokens/token.service.ts';
import { registerAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { linkIn } from './support/smtp.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';

// A mailed link says what became of it to whoever holds it, so its page can offer the next step
// (sign in, send a new link) instead of a form that fails only after two passwords are typed.

const hour = 3_600_000;

for (const dialect of await dialects('behaviour')) {
  describe(`mailed links say whether they were used or expired (${dialect})`, () => {
    let t: TestApp;
    let n = 0;
    before(async () => (t = await startBehindProxy({ dialect })));
    after(() => t.stop());

    // The count-th mail to an address.
    const nthMail = async (email: string, count: number) => {
      await t.smtp.waitFor(email, () => t.smtp.mailsTo(email).length >= count);
      const mail = t.smtp.mailsTo(email)[count - 1];
      assert.ok(mail);
      return mail;
    };
    const verificationLink = async (email: string, count = 1) =>
      linkIn(await nthMail(email, count), `${t.url}/activate-email?`).searchParams.get('token') ?? '';

    it('a verification link opened again after the password is set answers email.link_used', async () => {
      const email = `used-${++n}-${dialect}@example.com`;
      await registerAccount(t, visitor(t), email, 'Already set up 2026');
      const token = await verificationLink(email);
      const again = await visitor(t).post('/user/verify-email', { email, token });
      assert.equal(again.status, 400);
      assert.equal(again.json.code, 'email.link_used');
    });

    it('an expired or replaced verification link answers email.link_expired; a made-up one the seed’s message', async () => {
      const email = `expired-${++n}-${dialect}@example.com`;
      assert.equal((await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
      const first = await verificationLink(email);
      // A newer link replaces it (as "Send the link again" does, past the mail limit's minute).
      const account = await findAccountByEmail(t.deps.db, email);
      const second = await issueToken(t.deps.db, t.clock, account?.id ?? '', 'verify_email');
      const replaced = await visitor(t).post('/user/verify-email', { email, token: first });
      assert.equal(replaced.json.code, 'email.link_expired');
      t.clock.advance(25 * hour);
      try {
        const expired = await visitor(t).post('/user/verify-email', { email, token: second });
        assert.equal(expired.json.code, 'email.link_expired');
      } finally {
        t.clock.advance(-25 * hour);
      }
      const madeUp = await visitor(t).post('/user/verify-email', { email, token: 'x'.repeat(43) });
      assert.equal(madeUp.json.code, 'email.verification_failed');
      // Another address with a real token learns nothing about the token's own address.
      const elsewhere = await visitor(t).post('/user/verify-email', { email: `other-${n}@example.com`, token: first });
      assert.equal(elsewhere.json.code, 'email.verification_failed');
    });

    it('a reset link is checked when its page opens: live, used, expired or unknown', async () => {
      const email = `reset-${++n}-${dialect}@example.com`;
      await registerAccount(t, visitor(t), email, 'Before the reset 2026');
      const check = async (token: string) => (await visitor(t).post('/user/password-reset/check', { token })).json;
      assert.equal((await visitor(t).post('/user/init-password-reset', { email })).status, 200);
      // The verification mail came first.
      const token = linkIn(await nthMail(email, 2), `${t.url}/reset?`).searchParams.get('token') ?? '';
      assert.deepEqual(await check(token), { data: {} });
      t.clock.advance(2 * hour);
      try {
        assert.equal((await check(token)).code, 'reset.link_expired');
      } finally {
        t.clock.advance(-2 * hour);
      }
      // A newer link replaces it (as a second request does, past the mail limit's minute).
      const account = await findAccountByEmail(t.deps.db, email);
      const fresh = await issueToken(t.deps.db, t.clock, account?.id ?? '', 'password_reset');
      assert.equal((await check(token)).code, 'reset.link_used');
      const reset = await visitor(t).post('/user/password-reset', { token: fresh, password: 'After the reset 2026' });
      assert.equal(reset.status, 200, reset.text);
      assert.equal((await check(fresh)).code, 'reset.link_used');
      assert.equal((await check('y'.repeat(43))).code, 'reset.failed');
    });
  });
}
