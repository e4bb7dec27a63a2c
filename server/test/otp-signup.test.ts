import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { revokePanel } from '../src/features/panels/panel.repository.ts';
import { createPanel } from '../src/features/panels/panel.service.ts';
import { dialects } from './support/databases.ts';
import { askSignupCode, otherCode, panelBrowser, registerPanel } from './support/panels.ts';
import type { CapturedMail } from './support/smtp.ts';
import { startBehindProxy, startTestApp, type TestApp } from './support/test-app.ts';

const codeIn = (mail: CapturedMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';

for (const dialect of await dialects('persistence')) {
  describe(`control-panel sign-up with a code (${dialect})`, () => {
    let t: TestApp;
    let apiKey: string;
    let panelId: string;
    before(async () => {
      t = await startBehindProxy({ dialect });
      const panel = await createPanel(t.deps.db, t.deps.clock, { name: 'Host A', platform: 'cpanel', origins: ['http://127.0.0.2:8080'] });
      apiKey = panel.apiKey;
      panelId = panel.id;
    });
    after(() => t.stop());

    it('signs up with a mailed code, verifies, completes, and links the panel user', async () => {
      const email = `cp-${dialect}@example.com`;
      // The panel's page: its own origin, calling the API on another site.
      const browser = t.client({ 'x-forwarded-for': '10.1.0.1', origin: 'http://127.0.0.2:8080', 'sec-fetch-site': 'cross-site' });
      const signup = await browser.post('/user/signup', {
        email,
        otp: true,
        apiKey,
        userId: 'cpuser1',
        dataProcessingConsent: true,
        locale: 'de',
      });
      assert.equal(signup.status, 200, signup.text);
      const mail = await t.smtp.waitFor(email);
      assert.match(mail.subject, /Bestätigungscode/);
      const code = codeIn(mail);
      assert.match(code, /^\d{6}$/);
      assert.ok(!/https?:\/\/\S+activate-email/.test(mail.text), 'a code mail carries no link');

      const wrong = await browser.post('/user/verify-otp-email', { code: code === '000000' ? '111111' : '000000', email });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.json.code, 'otp.invalid');
      const verified = await browser.post('/user/verify-otp-email', { code, email });
      assert.equal(verified.status, 200, verified.text);

      const attemptsOf = async () =>
        (
          await t.deps.db
            .selectFrom('one_time_tokens')
            .innerJoin('accounts', 'accounts.id', 'one_time_tokens.account_id')
            .select('attempts')
            .where('accounts.email', '=', email)
            .where('consumed_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).attempts;
      const triesBefore = await attemptsOf();
      for (let i = 0; i < 5; i += 1) {
        const weak = await browser.post('/user/complete-otp-registration', { email, password: 'password1', code });
        assert.equal(weak.json.code, 'validation.password_common');
      }
      assert.equal(await attemptsOf(), triesBefore, 'a refused password costs none of the code’s tries');
      const complete = await browser.post('/user/complete-otp-registration', {
        email,
        password: 'Panel user secret 1',
        code,
        userId: 'cpuser1',
      });
      assert.equal(complete.status, 200, complete.text);
      assert.equal(complete.json.data.emailVerified, true);
      assert.equal((await browser.get('/session')).json.data.account.email, email);
      const link = await t.deps.db.selectFrom('panel_accounts').selectAll().where('panel_user_id', '=', 'cpuser1').executeTakeFirst();
      assert.equal(link?.panel_id, panelId);
      const again = await browser.post('/user/complete-otp-registration', { email, password: 'Panel user secret 2', code });
      assert.equal(again.status, 400, 'a code completes a registration once');
    });

    it('refuses an unknown or revoked apiKey and a missing userId, and changes nothing', async () => {
      const client = t.client({ 'x-forwarded-for': '10.1.0.2' });
      const unknown = await askSignupCode(client, { email: 'nokey@example.com', apiKey: 'ghp_nope', userId: 'u' });
      assert.equal(unknown.status, 401);
      assert.equal(unknown.json.code, 'panel.invalid_key');
      const noUser = await client.post('/user/signup', { email: 'nouser@example.com', otp: true, apiKey, dataProcessingConsent: true });
      assert.equal(noUser.status, 400);
      const revoked = await createPanel(t.deps.db, t.deps.clock, { name: 'Gone', platform: 'plesk', origins: [] });
      await revokePanel(t.deps.db, revoked.id, new Date().toISOString());
      const afterRevoke = await askSignupCode(client, { email: 'revoked@example.com', apiKey: revoked.apiKey, userId: 'u' });
      assert.equal(afterRevoke.status, 401);
      const accounts = await t.deps.db
        .selectFrom('accounts')
        .select('email')
        .where('email', 'in', ['nokey@example.com', 'nouser@example.com', 'revoked@example.com'])
        .execute();
      assert.deepEqual(accounts, []);
      const missingConsent = await client.post('/user/signup', { email: 'noconsent@example.com', otp: true, apiKey, userId: 'u' });
      assert.equal(missingConsent.json.code, 'validation.consent_required');
    });

    it('ends a code after 5 wrong tries, lets at most 5 of 50 concurrent tries be evaluated, and expires it after 10 minutes', async () => {
      const email = `tries-${dialect}@example.com`;
      const client = t.client({ 'x-forwarded-for': '10.1.0.3' });
      assert.equal(
        (await client.post('/user/signup', { email, otp: true, apiKey, userId: 'cpuser2', dataProcessingConsent: true })).status,
        200,
      );
      const code = codeIn(await t.smtp.waitFor(email));
      const wrongCode = code === '123456' ? '654321' : '123456';
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => client.post('/user/verify-otp-email', { code: wrongCode, email })),
      );
      // Each try is counted before it is judged: 10 an hour from one address, the rest refused.
      assert.equal(answers.filter((answer) => answer.status === 400).length, 10);
      const token = await t.deps.db
        .selectFrom('one_time_tokens')
        .select('attempts')
        .where('purpose', '=', 'signup_code')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      assert.equal(token.attempts, 5);
      const right = await t.client({ 'x-forwarded-for': '10.1.0.30' }).post('/user/verify-otp-email', { code, email });
      assert.deepEqual([right.status, right.json.code], [400, 'otp.invalid'], 'the right code no longer works either, and says no more');
    });

    it('expires a code after 10 minutes; a resend issues a new one for the same panel user', async () => {
      const email = `late-${dialect}@example.com`;
      const client = t.client({ 'x-forwarded-for': '10.1.0.4' });
      assert.equal(
        (await client.post('/user/signup', { email, otp: true, apiKey, userId: 'cpuser3', dataProcessingConsent: true })).status,
        200,
      );
      const first = codeIn(await t.smtp.waitFor(email));
      t.clock.advance(10 * 60_000 + 1000);
      assert.equal((await client.post('/user/verify-otp-email', { code: first, email })).json.code, 'otp.invalid');
      // Within a minute of the sign-up mail a resend is refused (limits use real time, not the test clock) …
      assert.equal((await client.post('/user/resend-otp-verification', { email })).status, 429);
      // … so the resend goes to a second instance on the same database, as behind a load balancer.
      const other = await startTestApp({
        dialect,
        databaseUrl: t.databaseUrl,
        env: { TRUST_PROXY: '127.0.0.1' },
        smtp: t.smtp,
      });
      other.clock.advance(t.clock.offsetMs);
      try {
        const resend = await other.client({ 'x-forwarded-for': '10.1.0.5' }).post('/user/resend-otp-verification', { email });
        assert.equal(resend.status, 200, resend.text);
        await other.outbox.flush();
      } finally {
        await other.stop();
      }
      await t.smtp.waitFor(email, (mail) => codeIn(mail) !== first);
      const mails = t.smtp.mailsTo(email);
      const second = codeIn(mails[mails.length - 1] as CapturedMail);
      const fromPanel = t.client({ 'x-forwarded-for': '10.1.0.4', origin: 'http://127.0.0.2:8080', 'sec-fetch-site': 'cross-site' });
      const complete = await fromPanel.post('/user/complete-otp-registration', {
        email,
        password: 'Late panel secret 9',
        code: second,
        userId: 'cpuser3',
      });
      assert.equal(complete.status, 200, complete.text);
      const link = await t.deps.db.selectFrom('panel_accounts').selectAll().where('panel_user_id', '=', 'cpuser3').executeTakeFirst();
      assert.ok(link, 'the resent code keeps the panel user');
    });

    it('refuses, from one panel page, the apiKey of another panel', async () => {
      const here = await registerPanel(t);
      const there = await registerPanel(t);
      const email = `crossed-${dialect}@example.com`;
      const answer = await askSignupCode(panelBrowser(t, here.origin), { email, apiKey: there.apiKey, userId: 'x' });
      assert.deepEqual([answer.status, answer.json.code], [401, 'panel.invalid_key']);
      assert.equal(await t.deps.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    });

    it('keeps counting wrong codes across resends: the 11th try within the hour is refused, even with the right code', async () => {
      const email = `capped-${dialect}@example.com`;
      const client = t.client({ 'x-forwarded-for': '10.1.0.6' });
      const signup = await client.post('/user/signup', { email, otp: true, apiKey, userId: 'cpuser4', dataProcessingConsent: true });
      assert.equal(signup.status, 200);
      const wrongTries = async (code: string, times: number) => {
        for (let i = 0; i < times; i += 1) {
          assert.equal((await client.post('/user/verify-otp-email', { code: otherCode(code), email })).json.code, 'otp.invalid');
        }
      };
      let code = codeIn(await t.smtp.waitFor(email));
      await wrongTries(code, 5);
      // Resends go to other instances (the per-minute resend limit), the tries stay on this one.
      for (const tries of [5, 0]) {
        const other = await startTestApp({
          dialect,
          databaseUrl: t.databaseUrl,
          env: { TRUST_PROXY: '127.0.0.1' },
          smtp: t.smtp,
        });
        try {
          const before = t.smtp.mailsTo(email).length;
          assert.equal(
            (await other.client({ 'x-forwarded-for': '10.1.0.7' }).post('/user/resend-otp-verification', { email })).status,
            200,
          );
          await other.outbox.flush();
          await t.smtp.waitFor(email, () => t.smtp.mailsTo(email).length > before);
        } finally {
          await other.stop();
        }
        code = codeIn(t.smtp.mailsTo(email).at(-1) as CapturedMail);
        await wrongTries(code, tries);
      }
      const capped = await client.post('/user/verify-otp-email', { code, email });
      assert.deepEqual([capped.status, capped.json.code], [429, 'rate.limited']);
    });
  });
}
