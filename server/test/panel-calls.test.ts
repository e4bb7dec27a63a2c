import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { linkToPanel, panelBrowser, registerPanel, type TestPanel } from './support/panels.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The seed's pre-sign-in panel calls name their installation in the body; the route resolves it
// once (decision 036) and the services read the caller's panel. These pin what a caller sees.
for (const dialect of await dialects()) {
  describe(`the seed's pre-sign-in panel calls (${dialect})`, () => {
    let t: TestApp;
    let panel: TestPanel;
    let other: TestPanel;

    before(async () => {
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1' } });
      panel = await registerPanel(t);
      other = await registerPanel(t);
    });
    after(() => t.stop());

    it('judge the body before the installation: a bad address with a bad key is the address’s error', async () => {
      const page = panelBrowser(t, panel.origin);
      const calls: Array<[string, Record<string, unknown>]> = [
        ['/user/signup', { email: 'not-an-email', otp: true, apiKey: 'ghp_nope', userId: 'u', dataProcessingConsent: true }],
        ['/user/init-password-reset', { email: 'not-an-email', otp: true, apiKey: 'ghp_nope' }],
        ['/user/signin', { email: 'not-an-email', password: 'whatever it is', apiKey: 'ghp_nope', userId: 'u' }],
      ];
      for (const [path, body] of calls) {
        const answer = await page.post(path, body);
        assert.deepEqual([answer.status, answer.json.code], [400, 'validation.email_invalid'], path);
      }
    });

    it('refuse another installation’s key from a panel’s page, and change nothing', async () => {
      const email = 'elsewhere@example.com';
      const page = panelBrowser(t, panel.origin);
      const calls: Array<[string, Record<string, unknown>]> = [
        ['/user/signup', { email, otp: true, apiKey: other.apiKey, userId: 'u', dataProcessingConsent: true }],
        ['/user/init-password-reset', { email, otp: true, apiKey: other.apiKey }],
        ['/user/signin', { email, password: 'whatever it is', apiKey: other.apiKey, userId: 'u' }],
      ];
      for (const [path, body] of calls) {
        const answer = await page.post(path, body);
        assert.deepEqual([answer.status, answer.json.code, answer.json.fields], [401, 'panel.invalid_key', { apiKey: 'panel.invalid_key' }], path);
      }
      await t.outbox.flush();
      assert.deepEqual(t.smtp.mailsTo(email), []);
      assert.equal(await t.deps.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    });

    it('mail a reset code only to a panel’s page: the right key from a script gets the key’s refusal and no mail', async () => {
      const email = 'scripted-reset@example.com';
      const { id } = await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash('A long enough secret 1') });
      await linkToPanel(t, panel, id);
      const answer = await visitor(t).post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey });
      assert.deepEqual([answer.status, answer.json.code], [401, 'panel.invalid_key']);
      await t.outbox.flush();
      assert.deepEqual(t.smtp.mailsTo(email), []);
      // Without otp the same script gets the ordinary answer: the link, from our own pages.
      const plain = await visitor(t).post('/user/init-password-reset', { email });
      assert.equal(plain.status, 200, plain.text);
      await t.outbox.flush();
      const mail = await t.smtp.waitFor(email, () => true);
      assert.match(mail.text, /\/reset\?token=/);
    });
  });
}
