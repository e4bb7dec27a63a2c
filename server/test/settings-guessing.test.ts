import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, nextIp, seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { redisReachable, redisUrl } from './support/redis.ts';
import { linkIn } from './support/smtp.ts';
import { startBehindProxy, startTestApp, type TestApp } from './support/test-app.ts';

// Decision 019: the settings calls that take the current password are no guessing oracle for
// whoever holds a session cookie. Their wrong passwords count in the account's run across
// addresses (the cap, lowered to 5 here) and per (account, address); while the run is at its
// cap, right and wrong passwords alike get the sign-in's `auth.signin_paused`.

const password = 'Session holder 2026';
const newPassword = 'Owner is back 2027';
const cap = 5;

/** The three calls that take the current password, with a harmless body for each. */
const surfaces = [
  { path: '/account/password', field: 'currentPassword', body: (secret: string) => ({ currentPassword: secret, password: newPassword }) },
  {
    path: '/account/email',
    field: 'currentPassword',
    body: (secret: string) => ({ email: `moved-${Date.now()}@example.com`, currentPassword: secret }),
  },
  { path: '/account/delete', field: 'currentPassword', body: (secret: string) => ({ currentPassword: secret }) },
] as const;

const wrongAnswer = (field: string) => ({ status: 400, code: 'auth.wrong_password', field: 'auth.wrong_password', fieldName: field });
const pausedAnswer = (field: string) => ({ status: 400, code: 'auth.signin_paused', field: 'auth.signin_paused', fieldName: field });

function scenarios(apps: () => TestApp[]) {
  let n = 0;
  const owner = async () => {
    const [t] = apps() as [TestApp];
    n += 1;
    const email = `holder-${n}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const account = await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
    return { email, id: account.id, client: await signIn(t, email, password) };
  };
  const app = (i: number) => apps()[i % apps().length] as TestApp;
  /** One settings call from an address of its own, on instance i (the session is valid on every instance). */
  const call = async (client: Awaited<ReturnType<typeof owner>>['client'], i: number, secret: string, ip = nextIp()) => {
    const surface = surfaces[i % surfaces.length] as (typeof surfaces)[number];
    const answer = await app(i)
      .client({ 'x-forwarded-for': ip, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') })
      .post(surface.path, surface.body(secret));
    return {
      status: answer.status,
      code: answer.json?.code,
      field: answer.json?.fields?.[surface.field],
      fieldName: surface.field,
    };
  };
  const signInAnswer = async (i: number, email: string, secret: string) => {
    const answer = await visitor(app(i)).postForm('/signin', { email, password: secret });
    return [answer.status, answer.json?.code];
  };

  it('counts wrong current passwords across addresses; at the cap the right one is refused like sign-in; one mail; back by reset', async () => {
    const { email, id, client } = await owner();
    const [t] = apps() as [TestApp];
    const stored = async () => t.deps.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    const hashBefore = (await stored())?.password_hash;
    for (let i = 0; i < cap; i += 1) {
      const surface = surfaces[i % surfaces.length] as (typeof surfaces)[number];
      const expected = i < cap - 1 ? wrongAnswer(surface.field) : pausedAnswer(surface.field);
      assert.deepEqual(await call(client, i, `Wrong guess ${i}`), expected, `guess ${i + 1}`);
    }
    // Paused: the right password changes nothing through any call, from any address or instance.
    for (let i = 0; i < surfaces.length * apps().length; i += 1) {
      const surface = surfaces[i % surfaces.length] as (typeof surfaces)[number];
      assert.deepEqual(await call(client, i, password), pausedAnswer(surface.field), `${surface.path}, right password`);
    }
    for (let i = 0; i < apps().length; i += 1) assert.deepEqual(await signInAnswer(i, email, password), [401, 'auth.signin_paused']);
    const after = await stored();
    assert.equal(after?.password_hash, hashBefore, 'the password is unchanged');
    assert.equal(after?.email, email, 'the address is unchanged');
    assert.equal((await client.get('/account')).json.data.pendingEmail, null);

    for (const each of apps()) await each.outbox.flush();
    const mailsTo = (to: string) => apps().flatMap((each) => each.smtp.mailsTo(to));
    const warnings = mailsTo(email).filter((mail) => mail.subject.startsWith('Someone is trying to sign in'));
    assert.equal(warnings.length, 1, 'one warning mail');
    assert.equal(mailsTo(email).length, 1, 'no other mail (no change notice, no goodbye)');

    // The owner comes back through the mailed reset; the settings take the new password again.
    assert.equal((await visitor(t).post('/user/init-password-reset', { email })).status, 200);
    const resetMail = await eventually(async () => mailsTo(email).find((mail) => mail.text.includes('/reset?token=')), 'the reset mail');
    const token = linkIn(resetMail, `${t.url}/reset?`).searchParams.get('token') ?? '';
    assert.equal((await visitor(t).post('/user/password-reset', { token, password: newPassword })).status, 200);
    const back = await signIn(t, email, newPassword);
    const changed = await back.post('/account/password', { currentPassword: newPassword, password });
    assert.equal(changed.status, 200, changed.text);
  });

  it('makes one run of sign-in and settings guesses; the right current password ends the run', async () => {
    const { email, client } = await owner();
    for (let i = 0; i < cap - 2; i += 1)
      assert.deepEqual(await signInAnswer(i, email, `Sign-in guess ${i}`), [401, 'auth.invalid_credentials']);
    assert.deepEqual(await call(client, 0, 'Settings guess'), wrongAnswer('currentPassword'));
    assert.deepEqual(
      await call(client, 1, 'Settings guess'),
      pausedAnswer('currentPassword'),
      'the fifth failure of the run, whatever the call',
    );
    await apps()[0]?.deps.limits.accountCleared(email);

    // A right current password is a success: the run starts again from zero.
    for (let i = 0; i < cap - 1; i += 1) assert.deepEqual((await call(client, 0, `Guess ${i}`)).code, 'auth.wrong_password');
    const confirmed = await app(1)
      .client({ 'x-forwarded-for': nextIp(), cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') })
      .post('/account/email', { email: `elsewhere-${Date.now()}@example.com`, currentPassword: password });
    assert.equal(confirmed.status, 200, confirmed.text);
    for (let i = 0; i < cap - 1; i += 1) assert.deepEqual(await signInAnswer(i, email, `Again ${i}`), [401, 'auth.invalid_credentials']);
    assert.deepEqual(await signInAnswer(0, email, password), [200, undefined]);
  });

  it('keeps the per-(account, address) delay: the eleventh failure from one address waits, another address does not', async () => {
    const { email, client } = await owner();
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      const surface = surfaces[i % surfaces.length] as (typeof surfaces)[number];
      const expected = i < cap - 1 ? wrongAnswer(surface.field) : pausedAnswer(surface.field);
      assert.deepEqual(await call(client, i, `From one address ${i}`, ip), expected, `failure ${i + 1}`);
    }
    const waiting = await call(client, 10, 'Eleventh', ip);
    assert.deepEqual([waiting.status, waiting.code], [429, 'rate.limited']);
    assert.deepEqual(await call(client, 9, 'Elsewhere'), pausedAnswer('currentPassword'));
    await apps()[0]?.deps.limits.accountCleared(email);
  });
}

for (const dialect of await dialects('behaviour')) {
  describe(`settings calls that take the current password count in the account's run (${dialect})`, () => {
    let t: TestApp;
    before(async () => (t = await startBehindProxy({ dialect, env: { ACCOUNT_SIGNIN_FAILURES: String(cap) } })));
    after(() => t.stop());
    scenarios(() => [t]);
  });
}

describe('settings guesses counted through Redis shared by two instances', {
  skip: !(await redisReachable()) && 'Redis not reachable',
}, () => {
  let first: TestApp;
  let second: TestApp;
  before(async () => {
    const env = {
      TRUST_PROXY: '127.0.0.1',
      ACCOUNT_SIGNIN_FAILURES: String(cap),
      REDIS_URL: redisUrl,
      SECRET_KEY: 'shared-instances-secret-key-of-forty-chars',
    };
    first = await startTestApp({ env });
    second = await startTestApp({ env, databaseUrl: first.databaseUrl });
  });
  after(async () => {
    await second.stop();
    await first.stop();
  });
  scenarios(() => [first, second]);
});
