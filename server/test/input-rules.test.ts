import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dumpDatabase, registerAccount, seedAccount, visitor } from './support/accounts.ts';
import { linkIn } from './support/smtp.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';

// docs/security-targets.md, accounts and passwords: the password and e-mail rules, through HTTP.
describe('password and e-mail rules over HTTP', () => {
  let t: TestApp;
  let n = 0;
  before(async () => (t = await startBehindProxy()));
  after(() => t.stop());

  /** A set-password token for a fresh address, from the mailed link. */
  async function setPasswordToken(email: string): Promise<string> {
    assert.equal((await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
    const link = linkIn(await t.smtp.waitFor(email), `${t.url}/activate-email?`);
    const verified = await visitor(t).post('/user/verify-email', { email, token: link.searchParams.get('token') });
    assert.equal(verified.status, 200, verified.text);
    return verified.json.data.token;
  }
  const nextEmail = () => `rules${++n}@example.com`;

  it('refuses each weak password with its own message, on set-password and on reset alike', async () => {
    const email = nextEmail();
    const token = await setPasswordToken(email);
    const cases: Array<[string, string, string]> = [
      [
        'short',
        'validation.password_rule',
        'Your password must not be empty and should be at least 8 characters long, including lowercase, uppercase, numbers, or special characters',
      ],
      ['x'.repeat(129), 'validation.password_too_long', 'Your password can be at most 128 characters long'],
      ['😀'.repeat(129), 'validation.password_too_long', 'Your password can be at most 128 characters long'],
      ['Password1', 'validation.password_common', 'This password is too common and easy to guess. Choose another one'],
      ['iloveyou', 'validation.password_common', 'This password is too common and easy to guess. Choose another one'],
      [
        `my-${email.split('@')[0]?.toUpperCase()}-pass`,
        'validation.password_contains_email',
        'Your password must not contain your email address',
      ],
    ];
    await t.outbox.flush();
    const before = await dumpDatabase(t.deps.db);
    for (const [password, code, error] of cases) {
      const answer = await visitor(t).post('/user/set-password', { email, password, token });
      assert.equal(answer.status, 400, password);
      assert.deepEqual([answer.json.code, answer.json.error, answer.json.fields?.password], [code, error, code], password);
    }
    assert.ok((await dumpDatabase(t.deps.db)) === before, 'a refused password changes nothing');

    // The reset path checks the same rule, the e-mail rule included.
    const holder = nextEmail();
    await seedAccount(t, holder, { passwordHash: await t.deps.hasher.hash('An old long secret 1') });
    assert.equal((await visitor(t).post('/user/init-password-reset', { email: holder })).status, 200);
    const reset = linkIn(await t.smtp.waitFor(holder), `${t.url}/reset?`).searchParams.get('token');
    for (const [password, code] of [
      ['Password1', 'validation.password_common'],
      [`${holder.split('@')[0]}-new-secret`, 'validation.password_contains_email'],
      ['x'.repeat(129), 'validation.password_too_long'],
    ]) {
      const answer = await visitor(t).post('/user/password-reset', { password, token: reset });
      assert.deepEqual([answer.status, answer.json.code], [400, code], password);
    }
    assert.equal((await visitor(t).post('/user/password-reset', { password: 'A good new secret 2', token: reset })).status, 200);
  });

  it('takes 128 code points without truncating, and compares passwords after NFKC', async () => {
    const email = nextEmail();
    const longest = `${'🔑'.repeat(64)}${'k'.repeat(63)}Z`;
    assert.equal([...longest].length, 128);
    const client = visitor(t);
    assert.equal((await client.post('/user/set-password', { email, password: longest, token: await setPasswordToken(email) })).status, 200);
    const signin = (password: string) => visitor(t).postForm('/signin', { email, password });
    assert.equal((await signin(longest)).status, 200);
    assert.equal((await signin(longest.slice(0, -1))).status, 401, 'the last character counts');
    assert.equal((await signin(`${'🔑'.repeat(64)}${'k'.repeat(63)}Y`)).status, 401);
    assert.equal((await signin(`${longest}Z`)).status, 401, 'nothing is cut off at 128');

    // "ﬁ" (a ligature) and "é" as e + combining accent are the same password after NFKC.
    const other = nextEmail();
    await registerAccount(t, visitor(t), other, 'Conﬁdential café 42');
    for (const typed of ['Confidential café 42', 'Conﬁdential cafe\u0301 42', 'Conﬁdential café 42']) {
      assert.equal((await visitor(t).postForm('/signin', { email: other, password: typed })).status, 200, JSON.stringify(typed));
    }
    assert.equal((await visitor(t).postForm('/signin', { email: other, password: 'Confidential cafe 42' })).status, 401);
  });

  it('normalises an e-mail once: trimmed, domain lower-cased and IDNA-encoded, and mails only the stored address', async () => {
    const typed = '  Grace.Hopper@Bücher.EXAMPLE.De ';
    const stored = 'Grace.Hopper@xn--bcher-kva.example.de';
    const signup = await visitor(t).post('/user/signup', { email: typed, dataProcessingConsent: true });
    assert.equal(signup.status, 200, signup.text);
    assert.deepEqual(signup.json, { data: { email: stored } });
    const rows = await t.deps.db.selectFrom('accounts').select(['email', 'email_key']).where('email', '=', stored).execute();
    assert.deepEqual(
      rows.map((row) => [row.email, row.email_key]),
      [[stored, stored.toLowerCase()]],
    );
    // The SMTP listener reports the domain decoded back to Unicode; the outbox keeps the stored form.
    const received = 'Grace.Hopper@bücher.example.de';
    await t.smtp.waitFor(received);

    // Another spelling of the same mailbox reaches the one account, and mail goes to the stored address only.
    await t.deps.db
      .updateTable('accounts')
      .set({ password_hash: await t.deps.hasher.hash('Amazing grace 1906') })
      .where('email', '=', stored)
      .execute();
    assert.equal((await visitor(t).post('/user/init-password-reset', { email: 'GRACE.HOPPER@BÜCHER.example.de' })).status, 200);
    await t.smtp.waitFor(received, (mail) => mail.text.includes('/reset?'));
    const outbox = await t.deps.db.selectFrom('mail_outbox').select('to_address').where('to_address', 'like', '%bcher%').execute();
    assert.deepEqual(
      outbox.map((row) => row.to_address),
      [stored, stored],
      'both mails to the stored address',
    );
    assert.equal(
      (await visitor(t).postForm('/signin', { email: 'grace.hopper@bücher.example.de', password: 'Amazing grace 1906' })).status,
      200,
    );
    const recipients = new Set(t.smtp.mails.map((mail) => mail.to));
    assert.ok(![...recipients].some((to) => /BÜCHER|GRACE|grace/.test(to)), [...recipients].join(', '));
  });

  it('refuses look-alike and CR/LF-bearing addresses, each with its message, and changes nothing', async () => {
    await t.outbox.flush();
    const before = await dumpDatabase(t.deps.db);
    const mailsBefore = t.smtp.mails.length;
    const cases: Array<[string, string, string]> = [
      ['victim@example.com\r\nBcc: thief@evil.example', 'validation.email_invalid', 'Input a valid email'],
      ['victim@example.com\nbcc:thief@evil.example', 'validation.email_invalid', 'Input a valid email'],
      ['victim\r@example.com', 'validation.email_invalid', 'Input a valid email'],
      [
        'me@p\u0430ypal.com',
        'validation.email_lookalike',
        'This email address mixes characters from different alphabets. Check it and try again',
      ],
      [
        'me@g\u043e\u043egle.com',
        'validation.email_lookalike',
        'This email address mixes characters from different alphabets. Check it and try again',
      ],
    ];
    for (const [email, code, error] of cases) {
      for (const [path, body] of [
        ['/user/signup', { email, dataProcessingConsent: true }],
        ['/user/resend-verification', { email }],
        ['/user/init-password-reset', { email }],
      ] as const) {
        const answer = await visitor(t).post(path, body);
        assert.equal(answer.status, 400, `${path} ${JSON.stringify(email)}`);
        assert.deepEqual(
          [answer.json.code, answer.json.error, answer.json.fields?.email],
          [code, error, code],
          `${path} ${JSON.stringify(email)}`,
        );
      }
      const signin = await visitor(t).postForm('/signin', { email, password: 'Some password 1' });
      assert.deepEqual([signin.status, signin.json.code], [400, code], `/signin ${JSON.stringify(email)}`);
    }
    await t.outbox.flush();
    assert.ok((await dumpDatabase(t.deps.db)) === before, 'nothing written');
    assert.equal(t.smtp.mails.length, mailsBefore, 'nothing mailed');
    assert.ok(!t.smtp.mails.some((mail) => mail.to.includes('evil')));
  });
});
