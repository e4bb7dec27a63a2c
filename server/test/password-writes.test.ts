import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, liveTokensOf, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { askSignupCode, codeIn, linkToPanel, panelBrowser, startWithPanel, type TestPanel } from './support/panels.ts';
import { linkIn } from './support/smtp.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Every password write ends every outstanding token and code of the account
// (one applyNewPassword for set-password, code completion and both resets).

for (const dialect of await dialects('persistence')) {
  describe(`every password write ends every outstanding token and code (${dialect})`, () => {
    let t: TestApp;
    let panel: TestPanel;
    let n = 0;
    before(async () => ({ t, panel } = await startWithPanel(dialect)));
    after(() => t.stop());

    /** A pending account with a live reset link and a live reset code, both mailed to its address. */
    async function pendingWithResets(email: string) {
      const resetLink = await visitor(t).post('/user/init-password-reset', { email });
      assert.equal(resetLink.status, 200);
      const link = await t.smtp.waitFor(email, (mail) => mail.text.includes('/reset?token='));
      const resetToken = linkIn(link, `${t.url}/reset?`).searchParams.get('token') ?? '';
      // A code goes only to an account linked to the panel asking for it.
      const account = await t.deps.db.selectFrom('accounts').select('id').where('email_key', '=', email).executeTakeFirstOrThrow();
      await linkToPanel(t, panel, account.id);
      // Another instance of the same database: the mail limits are per instance, the tokens are not.
      const other = await startTestApp({ dialect, databaseUrl: t.databaseUrl, env: { TRUST_PROXY: '127.0.0.1' } });
      try {
        const asked = await panelBrowser(other, panel.origin).post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey });
        assert.equal(asked.status, 200, asked.text);
        // Instances share the outbox: whichever polls first sends the mail, so look in both captures.
        const mail = await eventually(
          async () => [t, other].flatMap((app) => app.smtp.mailsTo(email)).find((m) => /password reset code/.test(m.subject)),
          'the reset code mail',
        );
        const code = codeIn(mail);
        return { resetToken, code };
      } finally {
        await other.stop();
      }
    }

    async function assertAllEnded(email: string, outstanding: { resetToken: string; code: string }) {
      const link = await visitor(t).post('/user/password-reset', { token: outstanding.resetToken, password: 'Taken over by link 1' });
      assert.deepEqual([link.status, link.json.code], [400, 'reset.failed'], 'the reset link ended');
      const code = await visitor(t).post('/user/password-reset-otp', { email, code: outstanding.code, password: 'Taken over by code 1' });
      assert.deepEqual([code.status, code.json.code], [400, 'otp.invalid'], 'the reset code ended');
      const live = await liveTokensOf(t.deps.db, email);
      assert.deepEqual(live, [], 'no live token or code is left');
    }

    it('set-password (after the verification link)', async () => {
      const email = `set-${++n}-${dialect}@example.com`;
      assert.equal((await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
      const verification = linkIn(await t.smtp.waitFor(email, (m) => m.text.includes('/activate-email?')), `${t.url}/activate-email?`);
      const outstanding = await pendingWithResets(email);
      const verified = await visitor(t).post('/user/verify-email', { email, token: verification.searchParams.get('token') });
      assert.equal(verified.status, 200, verified.text);
      const set = await visitor(t).post('/user/set-password', { email, password: 'First password 2026', token: verified.json.data.token });
      assert.equal(set.status, 200, set.text);
      await assertAllEnded(email, outstanding);
    });

    it('code completion of a control-panel sign-up', async () => {
      const email = `complete-${++n}-${dialect}@example.com`;
      const browser = panelBrowser(t, panel.origin);
      const signup = await askSignupCode(browser, { email, apiKey: panel.apiKey, userId: `pw-${n}` });
      assert.equal(signup.status, 200, signup.text);
      await t.outbox.flush();
      const signupCode = codeIn(await t.smtp.waitFor(email, (mail) => mail.subject.includes('verification code')));
      const outstanding = await pendingWithResets(email);
      const done = await browser.post('/user/complete-otp-registration', { email, password: 'Panel password 2026', code: signupCode });
      assert.equal(done.status, 200, done.text);
      await assertAllEnded(email, outstanding);
    });
  });
}
