import assert from 'node:assert/strict';
import nodeCrypto, { createHash, createHmac, hkdfSync } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, it, mock } from 'node:test';
import { dumpDatabase, seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { askSignupCode, codeIn, linkToPanel, panelBrowser, registerPanel, type TestPanel } from './support/panels.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// A copy of the database gives back no usable link or code.

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

for (const dialect of await dialects('persistence')) {
  describe(`secrets at rest (${dialect})`, () => {
    let t: TestApp;
    let panel: TestPanel;
    let n = 0;
    const nextEmail = () => `sealed${++n}-${dialect}@example.com`;

    before(async () => {
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1', SECRET_KEY: `test-secret-${dialect}-`.padEnd(40, 'k') } });
      panel = await registerPanel(t);
    });
    after(() => t.stop());

    it('keeps unsent mail sealed and blanks sent mail: no link or code readable in the outbox', async () => {
      const email = nextEmail();
      t.smtp.refusing = true;
      try {
        assert.equal((await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
        await t.outbox.flush();
        const pending = await t.deps.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
        assert.equal(pending.sent_at, null, 'still waiting for the SMTP server');
        assert.match(pending.text_body, /^v1\.[\w-]+$/, 'sealed');
        assert.match(pending.html_body, /^v1\.[\w-]+$/);
        assert.doesNotMatch(pending.text_body + pending.html_body, /token=|activate-email|http/);
      } finally {
        t.smtp.refusing = false;
      }
      t.clock.advance(6_000);
      await t.outbox.flush();
      const mail = await t.smtp.waitFor(email);
      const token = /[?&]token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
      assert.ok(token.length >= 43, 'the mail itself carries the link');
      const sent = await t.deps.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
      assert.ok(sent.sent_at);
      assert.deepEqual([sent.text_body, sent.html_body], ['', ''], 'a sent body is gone');
      assert.ok(!(await dumpDatabase(t.deps.db)).includes(token), 'the link is nowhere in the database');
    });

    it('stores codes keyed with the server secret: a copy without the key gives no code back', async () => {
      const email = nextEmail();
      const signup = await askSignupCode(panelBrowser(t, panel.origin), { email, apiKey: panel.apiKey, userId: `sealed-${n}` });
      assert.equal(signup.status, 200, signup.text);
      const code = codeIn(await t.smtp.waitFor(email));
      const row = await t.deps.db
        .selectFrom('one_time_tokens')
        .innerJoin('accounts', 'accounts.id', 'one_time_tokens.account_id')
        .select(['one_time_tokens.id', 'one_time_tokens.token_hash', 'accounts.id as accountId'])
        .where('accounts.email_key', '=', email)
        .executeTakeFirstOrThrow();
      assert.ok(!(await dumpDatabase(t.deps.db)).includes(`    ${code}`), 'the code mail is not kept');
      // A copy used to give the code back: 10^6 plain digests of the account id and the digits.
      // Now the digest is an HMAC under the server key, which the copy does not hold.
      assert.notEqual(row.token_hash, sha256(`${row.accountId}:${code}`));
      assert.notEqual(row.token_hash, sha256(code));
      const keyed = (secret: string) => {
        const key = Buffer.from(hkdfSync('sha256', secret, 'gatehouse', 'one-time code digest', 32));
        return createHmac('sha256', key).update(`signup_code\n${row.id}\n${code}`).digest('base64url');
      };
      assert.equal(row.token_hash, keyed(`test-secret-${dialect}-`.padEnd(40, 'k')), 'with the key, the code is found');
      assert.notEqual(row.token_hash, keyed('another-secret-of-forty-characters-long'), 'with any other key, it is not');
    });

    it('issues the same digits twice to one account without a clash (a repeated code used to answer 500)', async () => {
      const email = nextEmail();
      await linkToPanel(t, panel, (await seedAccount(t, email)).id);
      // The CSPRNG draws the same six digits twice in a row, as it will one day.
      const draw = mock.method(nodeCrypto, 'randomInt', () => 424242);
      syncBuiltinESMExports();
      try {
        const signup = await askSignupCode(panelBrowser(t, panel.origin), { email, apiKey: panel.apiKey, userId: `repeat-${n}` });
        assert.equal(signup.status, 200, signup.text);
        const reset = await panelBrowser(t, panel.origin).post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey });
        assert.equal(reset.status, 200, reset.text);
      } finally {
        draw.mock.restore();
        syncBuiltinESMExports();
      }
      const rows = await t.deps.db
        .selectFrom('one_time_tokens')
        .innerJoin('accounts', 'accounts.id', 'one_time_tokens.account_id')
        .select(['one_time_tokens.token_hash', 'one_time_tokens.purpose'])
        .where('accounts.email_key', '=', email)
        .execute();
      assert.deepEqual(rows.map((row) => row.purpose).sort(), ['reset_code', 'signup_code']);
      assert.notEqual(rows[0]?.token_hash, rows[1]?.token_hash);
      const verified = await visitor(t).post('/user/verify-otp-email', { email, code: '424242' });
      assert.equal(verified.status, 200, 'each code works for its own purpose');
    });
  });
}

describe('the server secret', () => {
  it('is made once in the data folder, readable by its owner only, and kept across starts', async () => {
    const first = await startTestApp();
    const path = first.databaseUrl.slice('file:'.length);
    const file = join(dirname(path), 'secret-key');
    try {
      const key = readFileSync(file, 'utf8').trim();
      assert.match(key, /^[\w-]{43}$/, '32 random bytes');
      assert.equal(statSync(file).mode & 0o777, 0o600);
      const second = await startTestApp({ databaseUrl: first.databaseUrl });
      try {
        assert.equal(readFileSync(file, 'utf8').trim(), key, 'the second start reads the same key');
        assert.equal(second.deps.secrets.codeDigest('id', 'p', '123456'), first.deps.secrets.codeDigest('id', 'p', '123456'));
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  });
});
