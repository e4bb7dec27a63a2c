import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { limitDefaults } from '../src/lib/limits.ts';
import { nextIp, seedAccount } from './support/accounts.ts';
import { startBehindProxy, startTestApp, type TestApp } from './support/test-app.ts';

// docs/security-targets.md, abuse: per-IP caps on every call that hashes a password or sends mail, and
// X-Forwarded-For believed only from the proxies TRUST_PROXY names.
const token = 'x'.repeat(43);
let n = 0;
const fresh = () => `capped${++n}@example.com`;

const hashing: Array<[string, () => Record<string, unknown>]> = [
  ['/signin', () => ({ email: fresh(), password: 'Any password at all' })],
  ['/user/set-password', () => ({ email: fresh(), password: 'A fine long secret 1', token })],
  ['/user/password-reset', () => ({ password: 'A fine long secret 1', token })],
  ['/user/complete-otp-registration', () => ({ email: fresh(), password: 'A fine long secret 1', code: '123456' })],
  ['/user/password-reset-otp', () => ({ email: fresh(), password: 'A fine long secret 1', code: '123456' })],
];
const sending: Array<[string, () => Record<string, unknown>]> = [
  ['/user/signup', () => ({ email: fresh(), dataProcessingConsent: true })],
  ['/user/resend-verification', () => ({ email: fresh() })],
  ['/user/init-password-reset', () => ({ email: fresh() })],
  ['/user/resend-otp-verification', () => ({ email: fresh() })],
];

describe('per-IP caps', () => {
  let t: TestApp;
  before(async () => (t = await startBehindProxy()));
  after(() => t.stop());

  for (const [kind, calls, cap] of [
    ['hashes', hashing, limitDefaults.hashingPerIpPer5Min],
    ['sends mail', sending, limitDefaults.mailPerIpPer15Min],
  ] as const) {
    it(`caps every call that ${kind} at ${cap} per IP, and only for that IP`, async () => {
      let tested = 0;
      for (const [path, body] of calls) {
        const ip = nextIp();
        const from = (address: string) => t.client({ 'x-forwarded-for': address });
        const first = await from(ip).post(path, body());
        if (first.status === 404 && first.json?.code === 'request.not_found') continue; // not built (yet)
        tested += 1;
        assert.notEqual(first.status, 429, `${path}: ${first.text}`);
        for (let sent = 1; sent < cap; sent += 10) {
          const batch = Array.from({ length: Math.min(10, cap - sent) }, () => from(ip).post(path, body()));
          for (const answer of await Promise.all(batch)) assert.notEqual(answer.status, 429, `${path}: the first ${cap} calls are allowed`);
        }
        const over = await from(ip).post(path, body());
        assert.equal(over.status, 429, `${path}: call ${cap + 1} is refused`);
        assert.deepEqual(over.json, { error: 'Too many attempts. Please wait a moment and try again', code: 'rate.limited' });
        assert.ok(Number(over.headers.get('retry-after')) >= 1, `${path}: Retry-After`);
        assert.notEqual((await from(nextIp()).post(path, body())).status, 429, `${path}: another IP is not affected`);
      }
      assert.ok(tested >= calls.length - 2, `${tested} calls tested`);
    });
  }
});

describe('X-Forwarded-For', () => {
  const apps: TestApp[] = [];
  after(() => Promise.all(apps.map((app) => app.stop())));

  /** The client address an app recorded for a failed sign-in that claimed to come from 203.0.113.7. */
  async function recordedIp(trustProxy: string | undefined): Promise<{ app: TestApp; ip: string | null }> {
    const app = await startTestApp({ env: trustProxy ? { TRUST_PROXY: trustProxy } : {} });
    apps.push(app);
    const answer = await app
      .client({ 'x-forwarded-for': '203.0.113.7' })
      .postForm('/signin', { email: 'probe@example.com', password: 'Wrong one here' });
    assert.equal(answer.status, 401);
    const row = await app.deps.db.selectFrom('auth_events').select('ip').where('type', '=', 'signin_failed').executeTakeFirstOrThrow();
    return { app, ip: row.ip };
  }

  it('is ignored without TRUST_PROXY and from proxies it does not name', async () => {
    for (const trust of [undefined, '10.9.9.9']) {
      const { app, ip } = await recordedIp(trust);
      assert.equal(ip, '127.0.0.1', `TRUST_PROXY=${trust}`);
      // Rotating the header does not escape the (account, IP) wait. The limits keep real time
      // (Date.now): it stands still here, so a slow machine cannot outlast the 5 s wait.
      const email = 'rotating@example.com';
      await seedAccount(app, email, { passwordHash: await app.deps.hasher.hash('The real password 1') });
      mock.timers.enable({ apis: ['Date'], now: Date.now() });
      try {
        for (let i = 0; i < limitDefaults.freeSigninFailures; i += 1) {
          const failed = await app.client({ 'x-forwarded-for': nextIp() }).postForm('/signin', { email, password: `wrong ${i} password` });
          assert.equal(failed.status, 401);
        }
        const waiting = await app.client({ 'x-forwarded-for': nextIp() }).postForm('/signin', { email, password: 'The real password 1' });
        assert.equal(waiting.status, 429, `TRUST_PROXY=${trust}: a forged X-Forwarded-For changes nothing`);
      } finally {
        mock.timers.reset();
      }
    }
  });

  it('names the client when the request comes through a configured proxy', async () => {
    assert.equal((await recordedIp('127.0.0.1')).ip, '203.0.113.7');
    assert.equal((await recordedIp('10.9.9.9,127.0.0.1')).ip, '203.0.113.7', 'one of a list of proxies');
  });
});
