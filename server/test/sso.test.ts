import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestOidcProvider } from './support/oidc-provider.ts';
import { linkIn } from './support/smtp.ts';
import { callback, type SsoTestApp, ssoRoundTrip, startLink, startSsoTestApp } from './support/sso.ts';
import type { TestApp } from './support/test-app.ts';

const password = 'Correct horse battery 2026';
const signupQuery = 'intent=signup&dataProcessingConsent=1&analyticsConsent=1&locale=de';

for (const dialect of await dialects('behaviour')) {
  describe(`single sign-on against a real OpenID provider (${dialect})`, () => {
    let t: TestApp;
    let google: TestOidcProvider;
    let microsoft: TestOidcProvider;
    let n = 0;
    const email = (name: string) => {
      n += 1;
      return `${name}${n}@example.com`;
    };
    let sso: SsoTestApp;
    const count = (table: 'accounts' | 'sso_identities' | 'sessions' | 'consents') => sso.count(table);
    const snapshot = async () => ({
      accounts: await count('accounts'),
      identities: await count('sso_identities'),
      sessions: await count('sessions'),
    });

    before(async () => {
      sso = await startSsoTestApp(dialect);
      ({ t, google, microsoft } = sso);
    });
    after(() => sso.stop());

    it('signs up with Google: a verified account without a password, the consents in the ledger, on at step 3', async () => {
      const address = email('ada');
      const user = google.addUser({ email: address, emailVerified: true, givenName: 'Ada', familyName: 'Lovelace' });
      const client = visitor(t);
      const back = await ssoRoundTrip(client, google, user.login, signupQuery);
      assert.equal(back.path, '/de/signup-process');
      assert.equal(back.query.get('sso'), 'google');
      const session = await client.get('/session');
      assert.equal(session.json.data.account.email, address);
      assert.equal(session.json.data.account.emailVerified, true);
      assert.equal(session.json.data.account.firstName, 'Ada');
      assert.equal(session.json.data.account.locale, 'de');
      assert.equal(session.json.data.account.analyticsConsent, true);
      assert.equal(session.json.data.account.consent, false);
      const account = await t.deps.db.selectFrom('accounts').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
      assert.equal(account.password_hash, null);
      const ledger = await t.deps.db.selectFrom('consents').selectAll().where('account_id', '=', account.id).orderBy('kind').execute();
      assert.deepEqual(
        ledger.map((row) => [row.kind, row.granted, row.policy_version]),
        [
          ['analytics', 1, '2026-01'],
          ['data_processing', 1, '2026-01'],
          ['marketing', 0, '2026-01'],
        ],
      );
      const identity = await t.deps.db
        .selectFrom('sso_identities')
        .selectAll()
        .where('account_id', '=', account.id)
        .executeTakeFirstOrThrow();
      assert.equal(identity.issuer, google.issuer);
      assert.equal(identity.subject, user.sub);
      const events = await t.deps.db.selectFrom('auth_events').select('type').where('account_id', '=', account.id).execute();
      assert.ok(events.some((e) => e.type === 'sso_signup'));
    });

    it('signs the owner in again with the same identity, to the page they were going to', async () => {
      const user = google.addUser({ email: email('grace'), emailVerified: true });
      await ssoRoundTrip(visitor(t), google, user.login, signupQuery);
      const before = await snapshot();
      const client = visitor(t);
      const back = await ssoRoundTrip(client, google, user.login, 'redirectTo=%2Fredeem%2FGH-AAAA-BBBB-CCCC-DDDD');
      assert.equal(back.path, '/redeem/GH-AAAA-BBBB-CCCC-DDDD');
      assert.equal((await client.get('/session')).json.data.account.email, user.email);
      assert.deepEqual(await snapshot(), { ...before, sessions: before.sessions + 1 });
    });

    it('never redirects off the app, whatever redirectTo says', async () => {
      const user = google.addUser({ email: email('eve'), emailVerified: true });
      await ssoRoundTrip(visitor(t), google, user.login, signupQuery);
      const controls = ['/x\u0001y', '/\u007f', '/a\u0000b', '/\u001b[0m'];
      for (const target of [
        '//evil.example/x',
        'https://evil.example/',
        '/\\evil.example',
        '/\r\nSet-Cookie:x=1',
        'javascript:alert(1)',
        ...controls,
      ]) {
        const back = await ssoRoundTrip(visitor(t), google, user.login, `redirectTo=${encodeURIComponent(target)}`);
        assert.equal(back.path, '/', target);
      }
    });

    it('links Google to an existing password account when Google vouches for the address, and mails the owner in their language', async () => {
      const address = email('linus');
      const owner = await registerAccount(t, visitor(t), address, password);
      await t.deps.db.updateTable('accounts').set({ locale: 'fr' }).where('id', '=', owner.id).execute();
      const user = google.addUser({ email: address.toUpperCase(), emailVerified: true });
      const client = visitor(t);
      const back = await ssoRoundTrip(client, google, user.login, 'locale=fr');
      assert.equal(back.path, '/fr');
      assert.equal((await client.get('/session')).json.data.account.id, owner.id);
      const mail = await t.smtp.waitFor(address, (m) => m.subject.includes('Google'));
      assert.equal(mail.subject, `Google a été associé à votre compte Gatehouse`);
      const identities = await client.get('/sso/identities');
      assert.deepEqual(
        identities.json.data.identities.map((i: { provider: string }) => i.provider),
        ['google'],
      );
      assert.equal(identities.json.data.hasPassword, true);
      const events = await t.deps.db.selectFrom('auth_events').select('type').where('account_id', '=', owner.id).execute();
      assert.ok(events.some((e) => e.type === 'sso_linked'));
      assert.ok(events.some((e) => e.type === 'sso_signin'));
    });

    it('does not link or sign in when Google says the address is not verified', async () => {
      const address = email('mallory');
      await registerAccount(t, visitor(t), address, password);
      const user = google.addUser({ email: address, emailVerified: false });
      const before = await snapshot();
      const client = visitor(t);
      const back = await ssoRoundTrip(client, google, user.login, 'locale=ja');
      assert.equal(back.path, '/ja/login');
      assert.equal(back.query.get('error'), 'sso.email_unverified');
      assert.equal((await client.get('/session')).json.data, null);
      assert.deepEqual(await snapshot(), before);
    });

    it('links Microsoft only with xms_edov, and then signs in through the identity', async () => {
      const address = email('mia');
      const owner = await registerAccount(t, visitor(t), address, password);
      const user = microsoft.addUser({ email: address, xmsEdov: true, givenName: 'Mia' });
      const first = visitor(t);
      assert.equal((await ssoRoundTrip(first, microsoft, user.login)).path, '/');
      assert.equal((await first.get('/session')).json.data.account.id, owner.id);
      const identity = await t.deps.db
        .selectFrom('sso_identities')
        .selectAll()
        .where('account_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      // The tenant's own issuer, checked against the token's tid.
      assert.equal(identity.issuer, `${microsoft.origin}/${microsoft.tenantId}/v2.0`);
      const again = visitor(t);
      assert.equal((await ssoRoundTrip(again, microsoft, user.login)).path, '/');
      assert.equal((await again.get('/session')).json.data.account.id, owner.id);
    });

    it('refuses the nOAuth takeover: a Microsoft e-mail without xms_edov neither signs in nor links', async () => {
      const address = email('victim');
      await registerAccount(t, visitor(t), address, password);
      for (const xmsEdov of [undefined, false]) {
        const attacker = microsoft.addUser({ email: address, xmsEdov });
        const before = await snapshot();
        const client = visitor(t);
        const back = await ssoRoundTrip(client, microsoft, attacker.login);
        assert.equal(back.query.get('error'), 'sso.email_unverified');
        assert.equal((await client.get('/session')).json.data, null);
        assert.deepEqual(await snapshot(), before);
      }
    });

    it('creates no account from an unconfirmed Microsoft address, even with the consents', async () => {
      const user = microsoft.addUser({ email: email('unconfirmed') });
      const before = await snapshot();
      const back = await ssoRoundTrip(visitor(t), microsoft, user.login, signupQuery);
      assert.equal(back.path, '/de/login');
      assert.equal(back.query.get('error'), 'sso.email_not_confirmed');
      assert.deepEqual(await snapshot(), before);
    });

    it('sends a new person from sign-in to /signup for the consents, and takes consents only from our own pages', async () => {
      const user = google.addUser({ email: email('newcomer'), emailVerified: true });
      const before = await snapshot();
      const back = await ssoRoundTrip(visitor(t), google, user.login);
      assert.equal(back.path, '/signup');
      assert.equal(back.query.get('error'), 'sso.no_account');
      // The same consents in a link from another site count for nothing.
      const client = visitor(t, { 'sec-fetch-site': 'cross-site' });
      const start = await client.request('GET', `/connect/google?${signupQuery}`, { headers: { 'sec-fetch-site': 'cross-site' } });
      const cb = await google.signIn(start.headers.get('location') ?? '', user.login);
      assert.equal((await callback(client, cb)).query.get('error'), 'sso.no_account');
      assert.deepEqual(await snapshot(), before);
    });

    it('refuses a disabled account, by identity and by address', async () => {
      const address = email('disabled');
      const user = google.addUser({ email: address, emailVerified: true });
      await ssoRoundTrip(visitor(t), google, user.login, signupQuery);
      await t.deps.db.updateTable('accounts').set({ disabled_at: new Date().toISOString() }).where('email', '=', address).execute();
      const before = await snapshot();
      const client = visitor(t);
      const back = await ssoRoundTrip(client, google, user.login);
      assert.equal(back.query.get('error'), 'auth.account_disabled');
      const other = google.addUser({ email: address, emailVerified: true });
      assert.equal((await ssoRoundTrip(visitor(t), google, other.login)).query.get('error'), 'auth.account_disabled');
      assert.deepEqual(await snapshot(), before);
    });

    it('connects and disconnects identities from the account page, never the last way in', async () => {
      const address = email('connect');
      await registerAccount(t, visitor(t), address, password);
      const client = await signIn(t, address, password);
      // Another address at the provider: an explicit connection by the signed-in owner.
      const user = microsoft.addUser({ email: 'someone.else@contoso.example' });
      const authorization = await startLink(client, microsoft, { password, locale: 'it' });
      const back = await callback(client, await microsoft.signIn(authorization.href, user.login));
      assert.equal(back.path, '/it');
      assert.equal(back.query.get('connected'), 'microsoft');
      const listed = await client.get('/sso/identities');
      const [identity] = listed.json.data.identities;
      assert.equal(identity.provider, 'microsoft');
      assert.equal(identity.email, 'someone.else@contoso.example');
      const notice = await t.smtp.waitFor(address, (m) => m.subject === 'Microsoft was connected to your Gatehouse account');
      assert.match(notice.text, /If you did not do this, open your account, disconnect Microsoft/, 'the mail says how to remove it');
      assert.equal((await client.delete(`/sso/identities/${identity.id}`)).status, 200);
      assert.deepEqual((await client.get('/sso/identities')).json.data.identities, []);
      assert.equal((await client.delete(`/sso/identities/${identity.id}`)).json.code, 'sso.identity_not_found');

      // A passwordless account keeps its only identity.
      const only = google.addUser({ email: email('only'), emailVerified: true });
      const owner = visitor(t);
      await ssoRoundTrip(owner, google, only.login, signupQuery);
      const [mine] = (await owner.get('/sso/identities')).json.data.identities;
      const refused = await owner.delete(`/sso/identities/${mine.id}`);
      assert.equal(refused.status, 400);
      assert.equal(refused.json.code, 'sso.last_method');
      assert.equal((await owner.get('/sso/identities')).json.data.identities.length, 1);
    });

    it('does not connect an identity that belongs to another account, nor link without a session or from another site', async () => {
      const taken = google.addUser({ email: email('taken'), emailVerified: true });
      await ssoRoundTrip(visitor(t), google, taken.login, signupQuery);
      const address = email('second');
      await registerAccount(t, visitor(t), address, password);
      const client = await signIn(t, address, password);
      const before = await snapshot();
      const authorization = await startLink(client, google, { password });
      const back = await callback(client, await google.signIn(authorization.href, taken.login));
      assert.equal(back.path, '/');
      assert.equal(back.query.get('error'), 'sso.identity_taken');
      assert.deepEqual(await snapshot(), before);
      const anonymous = await visitor(t).get('/connect/google?intent=link', { 'sec-fetch-site': 'same-origin' });
      assert.equal(new URL(anonymous.headers.get('location') ?? '').pathname, '/login');
      const crossSite = await client.get('/connect/google?intent=link', { 'sec-fetch-site': 'cross-site' });
      assert.equal(new URL(crossSite.headers.get('location') ?? '').pathname, '/login');
    });

    it('connects a provider only after the password: a stolen session alone adds no way in', async () => {
      const address = email('stolen');
      await registerAccount(t, visitor(t), address, password);
      const thief = await signIn(t, address, password);
      const flows = () => sso.count('sso_flows');
      const before = await flows();
      const direct = await thief.get('/connect/google?intent=link', { 'sec-fetch-site': 'none' });
      assert.equal(direct.status, 302);
      const location = new URL(direct.headers.get('location') ?? '');
      assert.equal(location.origin, new URL(t.url).origin, 'not sent to the provider');
      assert.equal(location.pathname, '/');
      assert.equal(location.searchParams.get('error'), 'account.confirmation_required');
      const bare = await thief.post('/sso/link', { provider: 'google' });
      assert.equal(bare.status, 400);
      assert.equal(bare.json.code, 'account.confirmation_required');
      const wrong = await thief.post('/sso/link', { provider: 'google', currentPassword: 'not the password at all' });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.json.code, 'auth.wrong_password');
      const unknown = await thief.post('/sso/link', { provider: 'facebook', currentPassword: password });
      assert.equal(unknown.status, 400);
      assert.equal(unknown.json.code, 'validation.invalid');
      assert.equal(await flows(), before, 'no flow was started');
      assert.deepEqual((await thief.get('/sso/identities')).json.data.identities, []);
    });

    it('connects a provider to an account without a password with a code mailed to its address, once', async () => {
      const address = email('codeonly');
      const only = google.addUser({ email: address, emailVerified: true });
      const owner = visitor(t);
      await ssoRoundTrip(owner, google, only.login, signupQuery);
      const refused = await owner.post('/sso/link', { provider: 'microsoft', currentPassword: 'anything at all here' });
      assert.equal(refused.json.code, 'account.confirmation_required');
      assert.equal((await owner.post('/sso/link-code')).status, 200);
      const mail = await t.smtp.waitFor(address, (m) => /code/i.test(m.subject) && m.text.includes('Microsoft'));
      const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
      const wrong = await owner.post('/sso/link', { provider: 'microsoft', emailCode: code === '000000' ? '111111' : '000000' });
      assert.equal(wrong.json.code, 'otp.invalid');
      const user = microsoft.addUser({ email: 'work.account@contoso.example' });
      const authorization = await startLink(owner, microsoft, { code });
      const back = await callback(owner, await microsoft.signIn(authorization.href, user.login));
      assert.equal(back.query.get('connected'), 'microsoft');
      const again = await owner.post('/sso/link', { provider: 'microsoft', emailCode: code });
      assert.equal(again.json.code, 'otp.invalid', 'the code works once');
    });

    it('lets a passwordless account set a password through "Forgot password?", and then disconnect', async () => {
      const address = email('nopassword');
      const user = google.addUser({ email: address, emailVerified: true });
      const client = visitor(t);
      await ssoRoundTrip(client, google, user.login, signupQuery);
      assert.equal((await visitor(t).post('/user/init-password-reset', { email: address })).status, 200);
      const mail = await t.smtp.waitFor(address, (m) => m.text.includes('/reset?'));
      const token = linkIn(mail, `${t.url}/reset?`).searchParams.get('token') ?? '';
      assert.equal((await visitor(t).post('/user/password-reset', { password, token })).status, 200);
      const signedIn = await signIn(t, address, password);
      const [identity] = (await signedIn.get('/sso/identities')).json.data.identities;
      assert.equal((await signedIn.delete(`/sso/identities/${identity.id}`)).status, 200);
    });
  });
}
