import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { Behaviour, TestOidcProvider } from './support/oidc-provider.ts';
import { callback, fromOurPage, type SsoTestApp, startSso, startSsoTestApp } from './support/sso.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Every way a sign-in with a provider can fail ends on /login with a translatable code, and
// creates or changes nothing: no account, identity or session.
const signupQuery = 'intent=signup&dataProcessingConsent=1';

for (const dialect of await dialects('behaviour')) {
  describe(`single sign-on failures (${dialect})`, () => {
    let t: TestApp;
    let google: TestOidcProvider;
    let microsoft: TestOidcProvider;
    let n = 0;
    const newUser = (provider: TestOidcProvider, extra: { tid?: string; email?: string | null } = {}) => {
      n += 1;
      const email = extra.email === null ? undefined : (extra.email ?? `failure${n}@example.com`);
      return provider.addUser({ email, emailVerified: true, xmsEdov: true, tid: extra.tid });
    };
    let sso: SsoTestApp;
    const count = (table: 'accounts' | 'sso_identities' | 'sessions') => sso.count(table);
    const snapshot = async () => [await count('accounts'), await count('sso_identities'), await count('sessions')];

    /** A sign-up round trip whose callback must be refused with `code`, changing nothing. */
    async function refused(
      provider: TestOidcProvider,
      code: string,
      options: { behaviour?: Behaviour; tid?: string; email?: string | null } = {},
    ) {
      const user = newUser(provider, options);
      const before = await snapshot();
      const client = visitor(t);
      const authorization = await startSso(client, provider, signupQuery);
      const url = await provider.signIn(authorization.href, user.login);
      provider.behaviour = options.behaviour ?? 'normal';
      try {
        const back = await callback(client, url);
        assert.equal(back.path, '/login');
        assert.equal(back.query.get('error'), code);
        assert.equal((await client.get('/session')).json.data, null);
      } finally {
        provider.behaviour = 'normal';
      }
      assert.deepEqual(await snapshot(), before);
    }

    before(async () => {
      sso = await startSsoTestApp(dialect);
      ({ t, google, microsoft } = sso);
    });
    after(() => sso.stop());

    it('says the person cancelled at the provider', async () => {
      const before = await snapshot();
      const client = visitor(t);
      const authorization = await startSso(client, google, signupQuery);
      const back = await callback(client, await google.cancel(authorization.href));
      assert.deepEqual([back.path, back.query.get('error')], ['/login', 'sso.cancelled']);
      assert.deepEqual(await snapshot(), before);
    });

    it('refuses a forged state, a callback in another browser, a replayed callback and a replayed code', async () => {
      const user = newUser(google);
      const before = await snapshot();
      const client = visitor(t);
      const url = await google.signIn((await startSso(client, google, signupQuery)).href, user.login);
      const forged = new URL(url);
      forged.searchParams.set('state', 'a-state-the-attacker-chose');
      assert.equal((await callback(client, forged)).query.get('error'), 'sso.expired');
      // The flow was used up by the forged attempt: the genuine callback is refused too.
      assert.equal((await callback(client, url)).query.get('error'), 'sso.expired');

      // A callback URL that reaches another browser (no flow cookie) signs nobody in there.
      const victim = visitor(t);
      const stolen = await google.signIn((await startSso(visitor(t), google, signupQuery)).href, user.login);
      assert.equal((await callback(victim, stolen)).query.get('error'), 'sso.expired');

      // A genuine callback works once; the same callback again finds no flow.
      const once = visitor(t);
      const good = await google.signIn((await startSso(once, google, signupQuery)).href, user.login);
      assert.equal((await callback(once, good)).path, '/signup-process');
      const replayer = visitor(t);
      await startSso(replayer, google, signupQuery);
      const replayed = new URL(good);
      const fresh = await startSso(replayer, google, signupQuery);
      replayed.searchParams.set('state', fresh.searchParams.get('state') ?? '');
      // An old code under a new flow's state: the provider refuses the spent code.
      assert.equal((await callback(replayer, replayed)).query.get('error'), 'sso.expired');
      const [accounts = 0, identities = 0, sessions = 0] = before;
      assert.deepEqual(await snapshot(), [accounts + 1, identities + 1, sessions + 1]);
    });

    it('refuses a callback after the flow expired (10 minutes)', async () => {
      const user = newUser(google);
      const before = await snapshot();
      const client = visitor(t);
      const url = await google.signIn((await startSso(client, google, signupQuery)).href, user.login);
      t.clock.advance(11 * 60_000);
      try {
        assert.equal((await callback(client, url)).query.get('error'), 'sso.expired');
      } finally {
        t.clock.advance(-11 * 60_000);
      }
      assert.deepEqual(await snapshot(), before);
    });

    it('refuses an ID token signed by another key', () => refused(google, 'sso.invalid_response', { behaviour: 'foreign-key' }));
    it('refuses an ID token for another audience', () => refused(google, 'sso.invalid_response', { behaviour: 'audience' }));
    it('refuses an ID token with the nonce of another sign-in', () => refused(google, 'sso.invalid_response', { behaviour: 'nonce' }));
    it('refuses a Microsoft token whose tid is not the tenant that issued it', () =>
      refused(microsoft, 'sso.invalid_response', { tid: '72f988bf-86f1-41af-91ab-2d7cd011db47' }));
    it('refuses a Microsoft token signed by another key', () => refused(microsoft, 'sso.invalid_response', { behaviour: 'foreign-key' }));
    it('says when the provider shared no e-mail address', () => refused(google, 'sso.email_missing', { email: null }));
    it('says the provider is unavailable when it answers garbage', () =>
      refused(google, 'sso.provider_unavailable', { behaviour: 'garbage' }));
    it('says the provider is unavailable when it fails', () => refused(microsoft, 'sso.provider_unavailable', { behaviour: 'error-500' }));
    it('gives up on a provider that does not answer (SSO_TIMEOUT_MS)', { timeout: 15_000 }, () =>
      refused(google, 'sso.provider_unavailable', { behaviour: 'hang' }),
    );

    it('says the provider is unavailable when it is down, at the callback and at the start', async () => {
      const user = newUser(microsoft);
      const before = await snapshot();
      const client = visitor(t);
      const url = await microsoft.signIn((await startSso(client, microsoft, signupQuery)).href, user.login);
      await microsoft.stop();
      try {
        assert.equal((await callback(client, url)).query.get('error'), 'sso.provider_unavailable');
        // A server that never met the provider cannot even start.
        const fresh = await startTestApp({ dialect: 'sqlite', env: { SSO_TIMEOUT_MS: '1500', ...microsoft.env() } });
        try {
          const start = await fresh.client(fromOurPage).get('/connect/microsoft?locale=ru');
          assert.equal(start.headers.get('location'), `${fresh.url}/ru/login?error=sso.provider_unavailable`);
        } finally {
          await fresh.stop();
        }
      } finally {
        await microsoft.restart();
      }
      assert.deepEqual(await snapshot(), before);
    });

    it('limits callbacks per IP like sign-ins', async () => {
      const client = visitor(t);
      const answers: string[] = [];
      for (let i = 0; i < 31; i += 1) {
        const answer = await client.get('/connect/google/callback?code=x&state=y');
        answers.push(new URL(answer.headers.get('location') ?? '').searchParams.get('error') ?? '');
      }
      assert.deepEqual(new Set(answers.slice(0, 30)), new Set(['sso.expired']));
      assert.equal(answers[30], 'rate.limited');
    });
  });
}

describe('single sign-on configuration', () => {
  it('offers only providers with a client id and secret, and explains a missing one', async () => {
    const t = await startTestApp({ env: { GOOGLE_CLIENT_ID: 'only-an-id', MICROSOFT_CLIENT_ID: 'id', MICROSOFT_CLIENT_SECRET: 'secret' } });
    try {
      const config = await t.client().get('/runtime-config.js');
      assert.match(config.text, /"sso":\["microsoft"\]/);
      const start = await t.client(fromOurPage).get('/connect/google?locale=pt');
      assert.equal(start.headers.get('location'), `${t.url}/pt/login?error=auth.sso_unavailable`);
    } finally {
      await t.stop();
    }
  });
});
