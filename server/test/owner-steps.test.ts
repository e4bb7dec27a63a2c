import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { askSignupCode, codeIn, panelBrowser, registerPanel, startWithPanel, type TestPanel } from './support/panels.ts';
import { linkIn } from './support/smtp.ts';
import type { TestApp } from './support/test-app.ts';

// What a pending account holds comes from its owner's own steps, not from
// whoever typed the address: consents at completion, panel links from the code's own panel.

for (const dialect of await dialects('behaviour')) {
  describe(`the owner's own steps (${dialect})`, () => {
    let t: TestApp;
    let panel: TestPanel;
    let n = 0;
    before(async () => ({ t, panel } = await startWithPanel(dialect)));
    after(() => t.stop());

    const consentsOf = async (email: string) => {
      const account = await t.deps.db.selectFrom('accounts').selectAll().where('email_key', '=', email).executeTakeFirstOrThrow();
      const rows = await t.deps.db
        .selectFrom('consents')
        .select(['kind', 'granted'])
        .where('account_id', '=', account.id)
        .orderBy('kind')
        .execute();
      return {
        marketing: account.marketing_consent_at !== null,
        analytics: account.analytics_consent_at !== null,
        rows: rows.map((row) => ({ kind: row.kind, granted: Number(row.granted) })),
      };
    };

    it('records consents at the owner’s completion step, not from whoever started the sign-up', async () => {
      const email = `consents-${++n}-${dialect}@example.com`;
      // A stranger signs the address up, ticking every box.
      const stranger = await visitor(t).post('/user/signup', { email, dataProcessingConsent: true, consent: true, analyticsConsent: true });
      assert.equal(stranger.status, 200);
      assert.deepEqual(await consentsOf(email), { marketing: false, analytics: false, rows: [{ kind: 'data_processing', granted: 1 }] });
      // The owner follows the link and sets a password, agreeing to analytics only.
      const link = linkIn(await t.smtp.waitFor(email), `${t.url}/activate-email?`);
      const owner = visitor(t);
      const verified = await owner.post('/user/verify-email', { email, token: link.searchParams.get('token') });
      const set = await owner.post('/user/set-password', {
        email,
        password: 'Owner decides 2026',
        token: verified.json.data.token,
        analyticsConsent: true,
      });
      assert.equal(set.status, 200, set.text);
      assert.equal(set.json.data.consent, false);
      assert.equal(set.json.data.analyticsConsent, true);
      assert.deepEqual(await consentsOf(email), {
        marketing: false,
        analytics: true,
        // Marketing was not in the owner's request: no refusal is recorded that nobody gave.
        rows: [
          { kind: 'analytics', granted: 1 },
          { kind: 'data_processing', granted: 1 },
        ],
      });
    });

    it('keeps the sign-up’s choices with the pending sign-up and hands them to whoever proves the address', async () => {
      const email = `choices-${++n}-${dialect}@example.com`;
      const started = await visitor(t).post('/user/signup', { email, dataProcessingConsent: true, consent: true, analyticsConsent: true });
      assert.equal(started.status, 200, started.text);
      // The link opened in another tab or device, where the first tab's storage is out of reach.
      const link = linkIn(await t.smtp.waitFor(email), `${t.url}/activate-email?`);
      const owner = visitor(t);
      const verified = await owner.post('/user/verify-email', { email, token: link.searchParams.get('token') });
      assert.equal(verified.status, 200, verified.text);
      assert.equal(verified.json.data.consent, true);
      assert.equal(verified.json.data.analyticsConsent, true);
      const set = await owner.post('/user/set-password', {
        email,
        password: 'Choices kept 2026',
        token: verified.json.data.token,
        consent: verified.json.data.consent,
        analyticsConsent: verified.json.data.analyticsConsent,
      });
      assert.equal(set.status, 200, set.text);
      assert.deepEqual(await consentsOf(email), {
        marketing: true,
        analytics: true,
        rows: [
          { kind: 'analytics', granted: 1 },
          { kind: 'data_processing', granted: 1 },
          { kind: 'marketing', granted: 1 },
        ],
      });
      // Once recorded, the pending choices are gone with the pending sign-up.
      const left = await t.deps.db.selectFrom('signup_choices').selectAll().execute();
      assert.equal(left.filter((row) => row.account_id === set.json.data.id).length, 0);
    });

    it('hands the sign-up’s choices to the panel page that confirms the code', async () => {
      const email = `code-choices-${++n}-${dialect}@example.com`;
      const browser = panelBrowser(t, panel.origin);
      const started = await browser.post('/user/signup', {
        email,
        otp: true,
        apiKey: panel.apiKey,
        userId: 'choices',
        dataProcessingConsent: true,
        analyticsConsent: true,
      });
      assert.equal(started.status, 200, started.text);
      const verified = await browser.post('/user/verify-otp-email', { email, code: codeIn(await t.smtp.waitFor(email)) });
      assert.equal(verified.status, 200, verified.text);
      assert.deepEqual(verified.json.data, { email, consent: false, analyticsConsent: true });
    });

    it("links the panel user only when that panel's page completes the code for that user", async () => {
      const signUp = async (userId: string) => {
        const email = `link-${++n}-${dialect}@example.com`;
        const answer = await askSignupCode(panelBrowser(t, panel.origin), { email, apiKey: panel.apiKey, userId });
        assert.equal(answer.status, 200, answer.text);
        return { email, code: codeIn(await t.smtp.waitFor(email)) };
      };
      const linkOf = async (userId: string) =>
        t.deps.db
          .selectFrom('panel_accounts')
          .select('account_id')
          .where('panel_id', '=', panel.id)
          .where('panel_user_id', '=', userId)
          .executeTakeFirst();
      const elsewhere = await registerPanel(t);
      const password = 'Panel owner 2026';
      const complete = (client: TestClient, userId: string) => (email: string, code: string) =>
        client.post('/user/complete-otp-registration', { email, code, password, userId });
      const cases: Array<[string, (userId: string) => (email: string, code: string) => ReturnType<TestClient['post']>, boolean]> = [
        ['off-panel', (userId) => complete(visitor(t), userId), false],
        ['other-user', () => complete(panelBrowser(t, panel.origin), 'someone-else'), false],
        ['other-panel', (userId) => complete(panelBrowser(t, elsewhere.origin), userId), false],
        ['own', (userId) => complete(panelBrowser(t, panel.origin), userId), true],
      ];
      for (const [label, completion, linked] of cases) {
        const userId = `${label}-${dialect}`;
        const { email, code } = await signUp(userId);
        const done = await completion(userId)(email, code);
        assert.equal(done.status, 200, `${userId}: the owner is signed up and in either way (${done.text})`);
        assert.equal((await linkOf(userId)) !== undefined, linked, `${userId}: linked`);
      }
      assert.equal(await linkOf('someone-else'), undefined);
    });
  });
}
