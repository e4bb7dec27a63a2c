import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { headerLines, seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { codeIn, linkToPanel, otherCode, panelBrowser, registerPanel, type TestPanel } from './support/panels.ts';
import type { CapturedMail } from './support/smtp.ts';
import { startTestApp, startWithHash, type TestApp } from './support/test-app.ts';

const password = 'Reset me softly 2026';
const newPassword = 'A brand new secret 77';
const isResetCode = (mail: CapturedMail) => /password reset code|réinitialisation/i.test(mail.subject);

for (const dialect of await dialects('behaviour')) {
  describe(`control-panel password reset with a code (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let panel: TestPanel;
    let n = 0;
    /** An account signed up through the panel: linked to one of its users. */
    const account = async () => {
      n += 1;
      const email = `resetter${n}@example.com`;
      const { id } = await seedAccount(t, email, { passwordHash: hash });
      await linkToPanel(t, panel, id);
      return { email, id };
    };
    /** Asks for a reset code from the panel page and reads it from the mail, as the person would. */
    const askCode = async (email: string, app: TestApp = t) => {
      const before = t.smtp.mailsTo(email).length;
      const answer = await panelBrowser(app, panel.origin).post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey });
      assert.equal(answer.status, 200, answer.text);
      await app.outbox.flush();
      const mail = await t.smtp.waitFor(email, (m) => isResetCode(m) && t.smtp.mailsTo(email).indexOf(m) >= before);
      return codeIn(mail);
    };
    const passwordWorks = async (email: string, candidate: string) =>
      (await visitor(t).post('/user/signin', { email, password: candidate, apiKey: panel.apiKey, userId: 'p' })).status === 200;

    before(async () => {
      ({ t, hash } = await startWithHash(dialect, password));
      panel = await registerPanel(t);
    });
    after(() => t.stop());

    it('mails a 6-digit code (no link) for a known address, and answers an unknown one alike', async () => {
      const { email } = await account();
      const stranger = email.replace('resetter', 'nobodyyy');
      const known = await panelBrowser(t, panel.origin).post('/user/init-password-reset', {
        email,
        otp: true,
        apiKey: panel.apiKey,
        locale: 'fr',
      });
      const unknown = await panelBrowser(t, panel.origin).post('/user/init-password-reset', {
        email: stranger,
        otp: true,
        apiKey: panel.apiKey,
        locale: 'fr',
      });
      for (const answer of [known, unknown]) assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(unknown.json, { data: { email: stranger } });
      assert.deepEqual(known.json, { data: { email } });
      assert.deepEqual(headerLines(known.headers), headerLines(unknown.headers));
      const mail = await t.smtp.waitFor(email);
      assert.match(mail.subject, /^Votre code de réinitialisation Gatehouse\s:\s\d{6}$/u);
      const code = codeIn(mail);
      assert.ok(mail.subject.endsWith(code));
      assert.ok(!/https?:\/\//.test(mail.text.split('-- ')[0] ?? ''), 'the code mail carries no link');
      await t.outbox.flush();
      assert.deepEqual(t.smtp.mailsTo(stranger), []);
    });

    it('mails no code to an account not linked to that panel: the same answer, and the link (issue: reset codes to any address)', async () => {
      // The apiKey is in every page of the panel and Origin is set at will by any client: the
      // attacker's request is the panel's own, byte for byte.
      n += 1;
      const standalone = `standalone${n}@example.com`;
      await seedAccount(t, standalone, { passwordHash: hash });
      const elsewhere = `elsewhere${n}@example.com`;
      const other = await registerPanel(t);
      await linkToPanel(t, other, (await seedAccount(t, elsewhere, { passwordHash: hash })).id);
      const { email: linked } = await account();
      const answers: Array<Awaited<ReturnType<TestClient['post']>>> = [];
      for (const email of [standalone, elsewhere, linked]) {
        answers.push(await panelBrowser(t, panel.origin).post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey }));
      }
      for (const answer of answers) assert.equal(answer.status, 200, answer.text);
      const headers = (i: number) => headerLines(answers[i]?.headers ?? new Headers()).filter((line) => !line.startsWith('content-length'));
      assert.deepEqual(headers(0), headers(2));
      assert.deepEqual(headers(1), headers(2));
      await t.outbox.flush();
      assert.ok(isResetCode(await t.smtp.waitFor(linked)), "the panel's own account gets its code");
      for (const email of [standalone, elsewhere]) {
        const mails = t.smtp.mailsTo(email);
        assert.equal(mails.length, 1, email);
        assert.ok(!mails.some(isResetCode), `${email}: no code`);
        assert.match(mails[0]?.text ?? '', /\/reset\?token=/, `${email}: the reset link, as on our own site`);
      }
      const codes = await t.deps.db
        .selectFrom('one_time_tokens')
        .innerJoin('accounts', 'accounts.id', 'one_time_tokens.account_id')
        .select('accounts.email')
        .where('one_time_tokens.purpose', '=', 'reset_code')
        .where('accounts.email', 'in', [standalone, elsewhere])
        .execute();
      assert.deepEqual(codes, [], 'no code was even issued');
    });

    it('sets the new password with the code, ends every session and mails a notice; the code works once', async () => {
      const { email } = await account();
      const signedIn = await signIn(t, email, password);
      const code = await askCode(email);
      const browser = panelBrowser(t, panel.origin);

      const weak = await browser.post('/user/password-reset-otp', { password: 'password123', code, email });
      assert.equal(weak.status, 400);
      assert.equal(weak.json.code, 'validation.password_common');
      const wrong = await browser.post('/user/password-reset-otp', { password: newPassword, code: otherCode(code), email });
      assert.deepEqual([wrong.status, wrong.json.code, wrong.json.fields], [400, 'otp.invalid', { code: 'otp.invalid' }]);
      const elsewhere = await browser.post('/user/password-reset-otp', { password: newPassword, code, email: 'resetter999@example.com' });
      assert.equal(elsewhere.json.code, 'otp.invalid', 'a code is bound to its address');
      assert.ok(await passwordWorks(email, password), 'nothing changed yet');

      const done = await browser.post('/user/password-reset-otp', {
        password: newPassword,
        code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
        email,
      });
      assert.equal(done.status, 200, done.text);
      assert.deepEqual(done.json, { data: {} });
      assert.equal(done.headers.get('access-control-allow-origin'), panel.origin);
      assert.equal((await signedIn.get('/session')).json.data, null, 'the session from before the reset ended');
      const notice = await t.smtp.waitFor(email, (m) => m.subject.includes('password was changed'));
      assert.ok(notice.text.includes(email));
      assert.ok(await passwordWorks(email, newPassword));
      assert.ok(!(await passwordWorks(email, password)));

      const again = await browser.post('/user/password-reset-otp', { password: 'Yet another secret 88', code, email });
      assert.equal(again.json.code, 'otp.invalid', 'a used code is spent');
      assert.ok(await passwordWorks(email, newPassword));
    });

    it('refuses an expired code, and a code of the other purpose', async () => {
      const { email } = await account();
      const code = await askCode(email);
      const browser = visitor(t);
      const asSignup = await browser.post('/user/verify-otp-email', { code, email });
      assert.equal(asSignup.json.code, 'otp.invalid', 'a reset code does not verify a sign-up');
      t.clock.advance(10 * 60_000 + 1000);
      try {
        const late = await browser.post('/user/password-reset-otp', { password: newPassword, code, email });
        assert.deepEqual([late.status, late.json.code], [400, 'otp.invalid']);
      } finally {
        t.clock.advance(-(10 * 60_000 + 1000));
      }
      assert.ok(await passwordWorks(email, password));
    });

    it('ends a code after 5 wrong tries; of 50 wrong tries at once at most 5 are evaluated', async () => {
      const { email, id } = await account();
      const code = await askCode(email);
      const browser = visitor(t);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => browser.post('/user/password-reset-otp', { password: newPassword, code: otherCode(code), email })),
      );
      // Each try is counted before it is judged: 10 an hour from one address, the rest refused.
      assert.equal(answers.filter((answer) => answer.status === 400).length, 10);
      for (const answer of answers) assert.ok(['otp.invalid', 'rate.limited'].includes(answer.json.code), answer.text);
      const tries = await t.deps.db
        .selectFrom('one_time_tokens')
        .select('attempts')
        .where('account_id', '=', id)
        .where('purpose', '=', 'reset_code')
        .executeTakeFirstOrThrow();
      assert.equal(tries.attempts, 5, 'the code took exactly its 5 tries');
      const right = await visitor(t).post('/user/password-reset-otp', { password: newPassword, code, email });
      assert.deepEqual([right.status, right.json.code], [400, 'otp.invalid'], 'the right code no longer works either, and says no more');
      assert.ok(await passwordWorks(email, password));
    });

    it('gives an account at most 10 wrong tries an hour across codes: a new code does not reset the count', async () => {
      const { email } = await account();
      const browser = visitor(t);
      const tryWrong = async (code: string, times: number) => {
        for (let i = 0; i < times; i += 1) {
          const answer = await browser.post('/user/password-reset-otp', { password: newPassword, code: otherCode(code), email });
          assert.equal(answer.json.code, 'otp.invalid');
        }
      };
      await tryWrong(await askCode(email), 4);
      // A resend inside the minute is refused (one mail per address a minute) …
      const tooSoon = await panelBrowser(t, panel.origin).post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey });
      assert.equal(tooSoon.status, 429);
      assert.ok(Number(tooSoon.headers.get('retry-after')) > 0);
      assert.equal(tooSoon.headers.get('access-control-expose-headers'), 'retry-after', 'the panel page can show the countdown');
      // … so each new code is asked for on another instance on the same database, as behind a
      // load balancer, while the tries go to this one, which keeps the count.
      const others: TestApp[] = [];
      try {
        for (let i = 0; i < 2; i += 1) {
          others.push(
            await startTestApp({
              dialect,
              databaseUrl: t.databaseUrl,
              env: { TRUST_PROXY: '127.0.0.1' },
              smtp: t.smtp,
            }),
          );
        }
        const [second, third] = others as [TestApp, TestApp];
        await tryWrong(await askCode(email, second), 4);
        const code = await askCode(email, third);
        await tryWrong(code, 2);
        const capped = await browser.post('/user/password-reset-otp', { password: newPassword, code, email });
        assert.equal(capped.status, 429, 'the 11th try within the hour is not evaluated, even with the right code');
        assert.equal(capped.json.code, 'rate.limited');
        assert.ok(Number(capped.headers.get('retry-after')) > 60);
      } finally {
        for (const other of others) await other.stop();
      }
      assert.ok(await passwordWorks(email, password));
    });

    it('checks the payload with the contract', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ password: newPassword, email: 'a@example.com' }, 'validation.otp_required'],
        [{ password: newPassword, code: '12345', email: 'a@example.com' }, 'validation.otp_required'],
        [{ password: newPassword, code: 'abcdef', email: 'a@example.com' }, 'validation.otp_required'],
        [{ password: newPassword, code: '123456', email: 'not-an-email' }, 'validation.email_invalid'],
        [{ password: 'short', code: '123456', email: 'a@example.com' }, 'validation.password_rule'],
        [{ password: 'lovelace-secret-1', code: '123456', email: 'lovelace-secret-1@example.com' }, 'validation.password_contains_email'],
      ];
      for (const [body, code] of cases) {
        const answer = await visitor(t).post('/user/password-reset-otp', body);
        assert.deepEqual([answer.status, answer.json.code], [400, code], JSON.stringify(body));
      }
    });
  });
}
