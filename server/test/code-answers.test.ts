import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { limitDefaults } from '../src/lib/limits.ts';
import { headerLines, nextIp, seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import {
  askSignupCode,
  codeIn,
  linkToPanel,
  otherCode,
  panelBrowser,
  registerPanel,
  startWithPanel,
  type TestPanel,
} from './support/panels.ts';
import { redisReachable, startTwoInstances } from './support/redis.ts';
import { linkIn } from './support/smtp.ts';
import type { TestApp } from './support/test-app.ts';

// Every code answer is the same for known and unknown
// addresses; codes only for a panel's own page; tries counted before judging, keyed so a
// stranger cannot lock the owner out; a lifetime cap that then requires the link.

const password = 'Code answers secret 1';
let n = 0;

/** Seven wrong codes from seven client addresses, spread over the instances: status, body and headers of each. */
async function sevenWrongCodes(apps: TestApp[], path: string, email: string, body: Record<string, unknown>) {
  const answers: Array<[number, unknown, string[]]> = [];
  for (let i = 0; i < 7; i += 1) {
    const app = apps[i % apps.length] as TestApp;
    const answer = await app.client({ 'x-forwarded-for': nextIp() }).post(path, { ...body, email, code: `00000${i}` });
    answers.push([answer.status, answer.json, headerLines(answer.headers)]);
  }
  return answers;
}

function uniformAnswers(apps: () => TestApp[], panel: () => TestPanel) {
  it('answers seven wrong reset codes identically for a known and an unknown address', async () => {
    const [t] = apps() as [TestApp];
    const known = `known-code-${Date.now()}-${++n}@example.com`;
    const unknown = `unknown-code-${Date.now()}-${n}@example.com`;
    await linkToPanel(t, panel(), (await seedAccount(t, known, { passwordHash: await t.deps.hasher.hash(password) })).id);
    for (const email of [known, unknown]) {
      const asked = await panelBrowser(t, panel().origin).post('/user/init-password-reset', { email, otp: true, apiKey: panel().apiKey });
      assert.equal(asked.status, 200, asked.text);
    }
    const code = codeIn(await t.smtp.waitFor(known));
    assert.ok(!code.startsWith('00000'), 'the mailed code is none of the wrong ones (one in 100,000 runs draws again)');
    const body = { password: 'A new secret for codes 2' };
    const fromKnown = await sevenWrongCodes(apps(), '/user/password-reset-otp', known, body);
    const fromUnknown = await sevenWrongCodes(apps(), '/user/password-reset-otp', unknown, body);
    const invalid = {
      error: 'The code is not valid. Check it, or request a new one',
      code: 'otp.invalid',
      fields: { code: 'otp.invalid' },
    };
    for (const [status, json] of fromKnown) assert.deepEqual([status, json], [400, invalid]);
    assert.deepEqual(fromUnknown, fromKnown, 'answer by answer: status, body and headers');
  });

  it('answers seven wrong sign-up codes identically for a pending and an unknown address, on both code calls', async () => {
    const [t] = apps() as [TestApp];
    const pending = `pending-code-${Date.now()}-${++n}@example.com`;
    const unknown = `nobody-code-${Date.now()}-${n}@example.com`;
    const signup = await askSignupCode(panelBrowser(t, panel().origin), { email: pending, apiKey: panel().apiKey, userId: `uniform-${n}` });
    assert.equal(signup.status, 200, signup.text);
    for (const [path, body] of [
      ['/user/verify-otp-email', {}],
      ['/user/complete-otp-registration', { password: 'A new secret for codes 3' }],
    ] as const) {
      const fromPending = await sevenWrongCodes(apps(), path, pending, body);
      const fromUnknown = await sevenWrongCodes(apps(), path, unknown, body);
      assert.deepEqual(fromUnknown, fromPending, path);
      for (const [status] of fromPending) assert.equal(status, 400, path);
    }
  });
}

for (const dialect of await dialects('behaviour')) {
  describe(`one-time code answers and rules (${dialect})`, () => {
    let t: TestApp;
    let panel: TestPanel;
    let other: TestPanel;
    before(async () => {
      ({ t, panel } = await startWithPanel(dialect));
      other = await registerPanel(t);
    });
    after(() => t.stop());

    uniformAnswers(
      () => [t],
      () => panel,
    );

    it("mails a reset code only for a call from an active panel's page with that panel's apiKey", async () => {
      const email = `gated-${dialect}@example.com`;
      await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
      const refusals: Array<[string, ReturnType<TestClient['post']>]> = [
        ['no apiKey', panelBrowser(t, panel.origin).post('/user/init-password-reset', { email, otp: true })],
        ['no panel page', visitor(t).post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey })],
        [
          "another panel's key",
          panelBrowser(t, panel.origin).post('/user/init-password-reset', { email, otp: true, apiKey: other.apiKey }),
        ],
        ['a made-up key', panelBrowser(t, panel.origin).post('/user/init-password-reset', { email, otp: true, apiKey: 'ghp_nothing' })],
      ];
      for (const [why, pending] of refusals) {
        const answer = await pending;
        assert.deepEqual([answer.status, answer.json.code], [401, 'panel.invalid_key'], why);
      }
      await t.outbox.flush();
      assert.deepEqual(t.smtp.mailsTo(email), [], 'no mail for a refused call');
      const rows = await t.deps.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute();
      assert.deepEqual(rows, []);
    });

    it('judges a panel call’s body before its installation, and refuses another installation’s key on every way in (decision 036)', async () => {
      const page = panelBrowser(t, panel.origin);
      const email = `elsewhere-${dialect}@example.com`;
      const calls = (address: string, apiKey: string): Array<[string, Record<string, unknown>]> => [
        ['/user/signup', { email: address, otp: true, apiKey, userId: 'u', dataProcessingConsent: true }],
        ['/user/init-password-reset', { email: address, otp: true, apiKey }],
        ['/user/signin', { email: address, password, apiKey, userId: 'u' }],
      ];
      for (const [path, body] of calls('not-an-email', 'ghp_nothing')) {
        const answer = await page.post(path, body);
        assert.deepEqual([answer.status, answer.json.code], [400, 'validation.email_invalid'], path);
      }
      for (const [path, body] of calls(email, other.apiKey)) {
        const answer = await page.post(path, body);
        assert.deepEqual(
          [answer.status, answer.json.code, answer.json.fields],
          [401, 'panel.invalid_key', { apiKey: 'panel.invalid_key' }],
          path,
        );
      }
      await t.outbox.flush();
      assert.deepEqual(t.smtp.mailsTo(email), []);
      assert.equal(await t.deps.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    });

    it('lets a stranger elsewhere use up only their own tries: the owner still gets in with the code', async () => {
      const email = `owner-tries-${dialect}@example.com`;
      await linkToPanel(t, panel, (await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) })).id);
      const asked = await panelBrowser(t, panel.origin).post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey });
      assert.equal(asked.status, 200);
      const code = codeIn(await t.smtp.waitFor(email));
      const stranger = t.client({ 'x-forwarded-for': nextIp() });
      const tries = [];
      for (let i = 0; i < limitDefaults.codeTriesPerAddressAndIpPerHour + 2; i += 1) {
        tries.push((await stranger.post('/user/verify-otp-email', { email, code: otherCode(code) })).status);
      }
      assert.deepEqual(tries.slice(-2), [429, 429], 'the stranger is held back');
      const owner = visitor(t);
      const done = await owner.post('/user/password-reset-otp', { email, code, password: 'Owner is back 2026' });
      // The stranger's wrong tries were against the sign-up purpose: the reset code kept its five.
      assert.equal(done.status, 200, done.text);
    });

    it('counts a wrong code against the account for good: past the lifetime cap a code request mails the link', async () => {
      const email = `lifetime-${dialect}@example.com`;
      const account = await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
      await linkToPanel(t, panel, account.id);
      const ask = () => panelBrowser(t, panel.origin).post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey });
      assert.equal((await ask()).status, 200);
      const code = codeIn(await t.smtp.waitFor(email));
      // 49 wrong codes collected over time (written directly: the hourly limits would take days).
      await t.deps.db.updateTable('accounts').set({ code_failures: 49 }).where('id', '=', account.id).execute();
      const wrong = await visitor(t).post('/user/password-reset-otp', { email, code: otherCode(code), password: 'Locked out 2026 x' });
      assert.equal(wrong.json.code, 'otp.invalid');
      const stored = await t.deps.db.selectFrom('accounts').select('code_failures').where('id', '=', account.id).executeTakeFirstOrThrow();
      assert.equal(stored.code_failures, 50, 'counted for good');
      const right = await visitor(t).post('/user/password-reset-otp', { email, code, password: 'Locked out 2026 x' });
      assert.deepEqual([right.status, right.json.code], [400, 'otp.invalid'], 'codes no longer work, and the answer says no more');

      // Another account already past the cap asks for a code: it gets the link instead.
      const capped = `lifetime-capped-${dialect}@example.com`;
      const cappedAccount = await seedAccount(t, capped, { passwordHash: await t.deps.hasher.hash(password) });
      await linkToPanel(t, panel, cappedAccount.id);
      await t.deps.db.updateTable('accounts').set({ code_failures: 50 }).where('id', '=', cappedAccount.id).execute();
      const again = await panelBrowser(t, panel.origin).post('/user/init-password-reset', {
        email: capped,
        otp: true,
        apiKey: panel.apiKey,
      });
      assert.equal(again.status, 200);
      const mail = await t.smtp.waitFor(capped);
      assert.match(mail.subject, /Reset your Gatehouse password/, 'the link instead of a code');
      const token = linkIn(mail, `${t.url}/reset?`).searchParams.get('token') ?? '';
      assert.equal((await visitor(t).post('/user/password-reset', { token, password: 'Reset by the link 2026' })).status, 200);
      const cleared = await t.deps.db
        .selectFrom('accounts')
        .select('code_failures')
        .where('id', '=', cappedAccount.id)
        .executeTakeFirstOrThrow();
      assert.equal(cleared.code_failures, 0, 'a new password clears the count');
    });

    it('caps verify-otp-email per IP across addresses', async () => {
      const ip = nextIp();
      const from = t.client({ 'x-forwarded-for': ip });
      for (let i = 0; i < limitDefaults.codeTriesPerIpPer15Min; i += 1) {
        const answer = await from.post('/user/verify-otp-email', { email: `probe${i}-${dialect}@example.com`, code: '123456' });
        assert.equal(answer.status, 400, `try ${i + 1}`);
      }
      const over = await from.post('/user/verify-otp-email', { email: `probe-over-${dialect}@example.com`, code: '123456' });
      assert.deepEqual([over.status, over.json.code], [429, 'rate.limited']);
      assert.equal(
        (await visitor(t).post('/user/verify-otp-email', { email: `probe-over-${dialect}@example.com`, code: '123456' })).status,
        400,
      );
    });
  });
}

describe('one-time code answers with Redis shared by two instances', { skip: !(await redisReachable()) && 'Redis not reachable' }, () => {
  let shared: Awaited<ReturnType<typeof startTwoInstances>>;
  before(async () => (shared = await startTwoInstances()));
  after(() => shared.stop());
  uniformAnswers(
    () => [shared.first, shared.second],
    () => shared.panel,
  );
});
