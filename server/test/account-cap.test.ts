import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, nextIp, seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { startWithPanel, type TestPanel } from './support/panels.ts';
import { redisReachable, startTwoInstances } from './support/redis.ts';
import { linkIn } from './support/smtp.ts';
import type { TestApp } from './support/test-app.ts';

// NIST SP 800-63B 5.2.2: at most 100 consecutive failed sign-ins per
// account, whatever the client address; then the password alone no longer signs in, the owner
// gets one mail and comes back through a password reset.

const password = 'Distributed guess 2026';
const newPassword = 'Back in by reset 2027';
const failures = 110;

interface Setting {
  name: string;
  apps: () => TestApp[];
  panel: () => TestPanel;
}

/** One sign-in from a client address of its own: standalone form posts and panel calls take turns. */
async function signInOnce(app: TestApp, panel: TestPanel, email: string, secret: string, turn: number) {
  const client = app.client({ 'x-forwarded-for': nextIp() });
  const answer =
    turn % 2 === 0
      ? await client.postForm('/signin', { email, password: secret })
      : await client.post('/user/signin', { email, password: secret, apiKey: panel.apiKey, userId: `guess-${turn}` });
  return { status: answer.status, body: answer.json, cookie: answer.headers.get('set-cookie') };
}

function capScenario(setting: Setting) {
  it(`leaves the right password unable to sign in after ${failures} failures from ${failures} addresses; one mail; back in by reset`, async () => {
    const apps = setting.apps();
    const [t] = apps as [TestApp];
    const panel = setting.panel();
    const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const email = `target-${tag}@example.com`;
    const stranger = `nobody-${tag}@example.com`;
    const account = await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
    await t.deps.db.updateTable('accounts').set({ locale: 'de' }).where('id', '=', account.id).execute();

    const run = async (address: string) => {
      const answers = [];
      for (let i = 0; i < failures; i += 1) {
        const app = apps[i % apps.length] as TestApp;
        answers.push(await signInOnce(app, panel, address, `Wrong guess number ${i}`, i));
      }
      return answers;
    };
    const known = await run(email);
    const unknown = await run(stranger);
    const wrong = { error: 'Invalid email and password', code: 'auth.invalid_credentials' };
    const paused = {
      error: 'Signing in with the password is paused after too many failed attempts. Reset your password to sign in again',
      code: 'auth.signin_paused',
    };
    known.forEach((answer, i) => {
      assert.deepEqual([answer.status, answer.body], [401, i < 99 ? wrong : paused], `failure ${i + 1}`);
      assert.equal(answer.cookie, null);
    });
    assert.deepEqual(unknown, known, 'an unknown address answers the same, answer by answer');

    // The right password alone no longer signs in, from anywhere, on any instance, by either call.
    for (const [i, app] of apps.entries()) {
      for (const turn of [0, 1]) {
        const right = await signInOnce(app, panel, email, password, turn);
        assert.deepEqual([right.status, right.body, right.cookie], [401, paused, null], `instance ${i}, call ${turn}`);
      }
    }

    // One warning mail, in the account's language, with the way back; none to the stranger.
    for (const app of apps) await app.outbox.flush();
    // Instances on one database share a mail server: each mail counted once.
    const mailsTo = (to: string) => [...new Set(apps.map((app) => app.smtp))].flatMap((smtp) => smtp.mailsTo(to));
    const warnings = mailsTo(email);
    assert.equal(warnings.length, 1, warnings.map((mail) => mail.subject).join('; '));
    const warning = warnings[0];
    assert.match(warning?.subject ?? '', /Jemand versucht, sich bei Ihrem Gatehouse-Konto anzumelden/);
    assert.ok(
      apps.some((app) => warning?.text.includes(`${app.url}/reset-password`)),
      'the mail leads to the password reset',
    );
    assert.deepEqual(mailsTo(stranger), []);

    // The owner comes back through the mailed reset link.
    assert.equal((await visitor(t).post('/user/init-password-reset', { email })).status, 200);
    const resetMail = await eventually(async () => mailsTo(email).find((mail) => mail.text.includes('/reset?token=')), 'the reset mail');
    const token = linkIn(resetMail, `${t.url}/reset?`).searchParams.get('token') ?? '';
    assert.equal((await visitor(t).post('/user/password-reset', { token, password: newPassword })).status, 200);
    for (const app of apps) {
      const back = await signInOnce(app, panel, email, newPassword, 0);
      assert.equal(back.status, 200, JSON.stringify(back.body));
    }
    const old = await signInOnce(t, panel, email, password, 0);
    assert.deepEqual([old.status, old.body], [401, wrong], 'a new run starts from zero');
    for (const app of apps) await app.deps.limits.accountCleared(stranger);
  });
}

for (const dialect of await dialects('persistence')) {
  describe(`per-account cap on failed sign-ins (${dialect})`, () => {
    let t: TestApp;
    let panel: TestPanel;
    before(async () => ({ t, panel } = await startWithPanel(dialect)));
    after(() => t.stop());
    capScenario({ name: dialect, apps: () => [t], panel: () => panel });
  });
}

describe('per-account cap shared through Redis by two instances', { skip: !(await redisReachable()) && 'Redis not reachable' }, () => {
  let shared: Awaited<ReturnType<typeof startTwoInstances>>;
  before(async () => (shared = await startTwoInstances()));
  after(() => shared.stop());
  capScenario({ name: 'redis', apps: () => [shared.first, shared.second], panel: () => shared.panel });
});
