import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.ts';
import { redisReachable, redisUrl } from './support/redis.ts';
import { callback, ssoRoundTrip, startSso } from './support/sso.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Decision 019: single sign-on callbacks in the per-account run of failed sign-ins (the cap
// lowered to 5 here). An identity the provider proved signs in even while the password is
// paused and ends the run; an identity claiming an account's address without the provider
// vouching for it is a failure of that account; the per-IP callback limit stays.

const password = 'Paused but proved 2026';
const cap = 5;

interface Setting {
  apps: () => TestApp[];
  google: () => TestOidcProvider;
  microsoft: () => TestOidcProvider;
}

function scenarios(s: Setting) {
  let n = 0;
  const app = (i: number) => s.apps()[i % s.apps().length] as TestApp;
  const account = async () => {
    n += 1;
    const email = `sso-run-${n}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const seeded = await seedAccount(app(0), email, { passwordHash: await app(0).deps.hasher.hash(password) });
    return { email, id: seeded.id };
  };
  const signInAnswer = async (i: number, email: string, secret: string) => {
    const answer = await visitor(app(i)).postForm('/signin', { email, password: secret });
    return [answer.status, answer.json?.code];
  };
  const guess = async (email: string, times: number) => {
    const answers = [];
    for (let i = 0; i < times; i += 1) answers.push(await signInAnswer(i, email, `Wrong guess ${i}`));
    return answers;
  };
  const warnings = async (email: string) => {
    for (const each of s.apps()) await each.outbox.flush();
    return s
      .apps()
      .flatMap((each) => each.smtp.mailsTo(email))
      .filter((mail) => mail.subject.startsWith('Someone is trying to sign in'));
  };

  it('signs in with a proved identity while the password is paused, and ends the run (by address, then by identity)', async () => {
    const { email, id } = await account();
    const user = s.google().addUser({ email, emailVerified: true });
    for (const round of ['linked by a verified address', 'known identity']) {
      assert.deepEqual((await guess(email, cap)).at(-1), [401, 'auth.signin_paused'], round);
      assert.deepEqual(await signInAnswer(0, email, password), [401, 'auth.signin_paused'], `${round}: the password is paused`);
      const client = visitor(app(1));
      const back = await ssoRoundTrip(client, s.google(), user.login);
      assert.equal(back.path, '/', `${round}: ${back.query}`);
      assert.equal((await client.get('/session')).json.data.account.id, id, round);
      // The run is over: the right password signs in again, and a new run counts from zero.
      assert.deepEqual(await signInAnswer(0, email, password), [200, undefined], `${round}: the password signs in again`);
      assert.deepEqual((await guess(email, cap - 1)).at(-1), [401, 'auth.invalid_credentials'], round);
      assert.deepEqual(await signInAnswer(1, email, password), [200, undefined], round);
    }
    assert.equal((await warnings(email)).length, 2, 'one warning mail for each tripped run');
  });

  it('counts an identity claiming the address without the provider vouching for it as a failure of that account', async () => {
    const { email } = await account();
    assert.deepEqual((await guess(email, cap - 1)).at(-1), [401, 'auth.invalid_credentials']);
    const attacker = s.microsoft().addUser({ email });
    const refused = await ssoRoundTrip(visitor(app(1)), s.microsoft(), attacker.login);
    assert.equal(refused.query.get('error'), 'sso.email_unverified', 'the refusal itself says nothing new');
    assert.deepEqual(await signInAnswer(0, email, password), [401, 'auth.signin_paused'], 'the fifth failure of the run tripped it');
    assert.equal((await warnings(email)).length, 1, 'the owner got the one warning mail');
    // Refused again while paused: still the same refusal, and still one mail.
    const again = await ssoRoundTrip(visitor(app(0)), s.microsoft(), attacker.login);
    assert.equal(again.query.get('error'), 'sso.email_unverified');
    assert.equal((await warnings(email)).length, 1);
    // The owner's own verified identity gets back in and ends the run.
    const owner = s.google().addUser({ email, emailVerified: true });
    assert.equal((await ssoRoundTrip(visitor(app(1)), s.google(), owner.login)).path, '/');
    assert.deepEqual(await signInAnswer(0, email, password), [200, undefined]);
  });

  it('does not count a refusal that is no guess at the account (cancelled at the provider, forged state)', async () => {
    const { email } = await account();
    const user = s.google().addUser({ email, emailVerified: true });
    assert.deepEqual((await guess(email, cap - 1)).at(-1), [401, 'auth.invalid_credentials']);
    const client = visitor(app(0));
    const cancelled = await callback(client, await s.google().cancel((await startSso(client, s.google())).href));
    assert.ok(cancelled.query.get('error')?.startsWith('sso.'), String(cancelled.query));
    const forged = await s.google().signIn((await startSso(client, s.google())).href, user.login);
    forged.searchParams.set('state', 'forged');
    assert.equal((await callback(client, forged)).query.get('error'), 'sso.expired');
    assert.deepEqual(await signInAnswer(1, email, password), [200, undefined], 'the run stayed at four');
  });

  it('keeps the per-IP callback limit, for proved identities too', async () => {
    const { email } = await account();
    const user = s.google().addUser({ email, emailVerified: true });
    const client = visitor(app(0));
    const ip = client.headers['x-forwarded-for'] ?? '';
    for (let i = 0; i < 30; i += 1) {
      // From the same address, on every instance in turn (the limit is shared through Redis).
      await app(i).client({ 'x-forwarded-for': ip }).get('/connect/google/callback?code=x&state=y');
    }
    const back = await ssoRoundTrip(client, s.google(), user.login);
    assert.deepEqual([back.path, back.query.get('error')], ['/login', 'rate.limited']);
    assert.equal((await client.get('/session')).json.data, null);
  });
}

const providers = async () => ({
  google: await startOidcProvider({ flavour: 'google' }),
  microsoft: await startOidcProvider({ flavour: 'microsoft' }),
});

for (const dialect of await dialects('persistence')) {
  describe(`single sign-on in the per-account run (${dialect})`, () => {
    let t: TestApp;
    let google: TestOidcProvider;
    let microsoft: TestOidcProvider;
    before(async () => {
      ({ google, microsoft } = await providers());
      t = await startTestApp({
        dialect,
        env: { TRUST_PROXY: '127.0.0.1', ACCOUNT_SIGNIN_FAILURES: String(cap), ...google.env(), ...microsoft.env() },
      });
    });
    after(async () => {
      await t.stop();
      await google.stop();
      await microsoft.stop();
    });
    scenarios({ apps: () => [t], google: () => google, microsoft: () => microsoft });
  });
}

describe('single sign-on in the per-account run, shared through Redis by two instances', {
  skip: !(await redisReachable()) && 'Redis not reachable',
}, () => {
  let first: TestApp;
  let second: TestApp;
  let google: TestOidcProvider;
  let microsoft: TestOidcProvider;
  before(async () => {
    ({ google, microsoft } = await providers());
    const env = {
      TRUST_PROXY: '127.0.0.1',
      ACCOUNT_SIGNIN_FAILURES: String(cap),
      REDIS_URL: redisUrl,
      SECRET_KEY: 'shared-instances-secret-key-of-forty-chars',
      ...google.env(),
      ...microsoft.env(),
    };
    first = await startTestApp({ env });
    second = await startTestApp({ env, databaseUrl: first.databaseUrl });
  });
  after(async () => {
    await second.stop();
    await first.stop();
    await google.stop();
    await microsoft.stop();
  });
  scenarios({ apps: () => [first, second], google: () => google, microsoft: () => microsoft });
});
