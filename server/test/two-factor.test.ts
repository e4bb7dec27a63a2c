import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findAccountByEmail } from '../src/features/accounts/account.repository.ts';
import { findOwnTeam } from '../src/features/teams/team.repository.ts';
import { beginAuthenticator, confirmAuthenticator } from '../src/features/two-factor/authenticator.ts';
import { iso } from '../src/lib/clock.ts';
import { freshEmail, registerAccount, signIn, visitor } from './support/accounts.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { askSignupCode, codeIn, panelBrowser, registerPanel } from './support/panels.ts';
import { callback, type SsoTestApp, ssoRoundTrip, startSso, startSsoTestApp } from './support/sso.ts';
import { seedInvitation } from './support/teams.ts';
import type { TestApp } from './support/test-app.ts';
import { base32Decode, hotp, totpAt } from './support/totp.ts';

const password = 'Two factors 2026';
const stepMs = 30_000;

describe('the tests’ own RFC 6238 codes', () => {
  it('match the RFC’s test vectors (SHA-1, 6 of the 8 digits)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    assert.equal(base32Decode(secret).toString(), '12345678901234567890');
    assert.equal(hotp(base32Decode(secret), 1, 8), '94287082');
    assert.equal(totpAt(secret, new Date(59_000)), '287082');
    assert.equal(totpAt(secret, new Date(1_111_111_109_000)), '081804');
    assert.equal(totpAt(secret, new Date(2_000_000_000_000)), '279037');
  });
});

for (const dialect of await dialects('behaviour')) {
  describe(`two-factor sign-in (${dialect})`, () => {
    let sso: SsoTestApp;
    let t: TestApp;

    before(async () => {
      sso = await startSsoTestApp(dialect);
      t = sso.t;
      // Codes are computed for the server's clock, which moves only when a test moves it.
      t.clock.stop();
    });
    after(() => sso.stop());

    const now = () => t.clock.now();
    const nextStep = () => t.clock.advance(stepMs);

    /** A person with a password, signed in, who turns two-factor on from the settings. */
    async function enrolled(prefix = 'tf') {
      const email = freshEmail(prefix);
      const client = visitor(t);
      await registerAccount(t, client, email, password);
      const { secret, recoveryCodes } = await enrol(client, { currentPassword: password });
      nextStep();
      return { email, client, secret, recoveryCodes };
    }

    async function enrol(client: TestClient, proof: Record<string, string>) {
      const begun = await client.post('/account/two-factor/totp', proof);
      assert.equal(begun.status, 200, begun.text);
      const { secret } = begun.json.data;
      const confirmed = await client.post('/account/two-factor/totp/confirm', { code: totpAt(secret, now()) });
      assert.equal(confirmed.status, 200, confirmed.text);
      return { secret: secret as string, recoveryCodes: confirmed.json.data.recoveryCodes as string[] };
    }

    /** A fresh browser that signs in with the password and is asked for the second factor. */
    async function challenged(email: string): Promise<TestClient> {
      const client = visitor(t);
      const first = await client.postForm('/signin', { email, password });
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(first.json.data, { twoFactor: { methods: ['totp', 'recovery'] } });
      return client;
    }

    const amrOfSessions = async (email: string) => {
      const account = await findAccountByEmail(t.deps.db, email);
      const rows = await t.deps.db
        .selectFrom('sessions')
        .select('amr')
        .where('account_id', '=', account?.id ?? '')
        .execute();
      return rows.map((row) => row.amr).sort();
    };

    it('enrols: the password first, a secret sealed at rest, the QR code drawn on the server, 10 recovery codes once', async () => {
      const email = freshEmail('enrol');
      const client = visitor(t);
      await registerAccount(t, client, email, password);
      const missing = await client.post('/account/two-factor/totp', {});
      assert.equal(missing.json.code, 'account.confirmation_required');
      const wrong = await client.post('/account/two-factor/totp', { currentPassword: 'not it at all' });
      assert.equal(wrong.json.code, 'auth.wrong_password');
      const begun = await client.post('/account/two-factor/totp', { currentPassword: password });
      assert.equal(begun.status, 200, begun.text);
      const { secret, uri, qrSvg } = begun.json.data;
      const parsed = new URL(uri);
      assert.equal(parsed.protocol, 'otpauth:');
      assert.equal(parsed.host, 'totp');
      assert.equal(decodeURIComponent(parsed.pathname), `/Gatehouse:${email}`, uri);
      assert.equal(parsed.searchParams.get('secret'), secret);
      assert.equal(parsed.searchParams.get('issuer'), 'Gatehouse');
      assert.match(qrSvg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const stored = await t.deps.db.selectFrom('totp_factors').selectAll().where('secret', 'like', '%').execute();
      assert.ok(
        stored.every((row) => !row.secret.includes(secret)),
        'the secret is sealed',
      );
      assert.equal((await client.get('/account')).json.data.twoFactor.enabled, false, 'not on before its first code');

      const wrongCode = await client.post('/account/two-factor/totp/confirm', { code: totpAt(secret, now(), 5) });
      assert.equal(wrongCode.status, 400);
      assert.equal(wrongCode.json.fields.code, 'two_factor.invalid_code');
      const malformed = await client.post('/account/two-factor/totp/confirm', { code: '12ab' });
      assert.equal(malformed.json.fields.code, 'two_factor.code_required');
      const confirmed = await client.post('/account/two-factor/totp/confirm', { code: totpAt(secret, now()) });
      assert.equal(confirmed.status, 200, confirmed.text);
      const codes: string[] = confirmed.json.data.recoveryCodes;
      assert.equal(new Set(codes).size, 10);
      for (const code of codes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const keys = await t.deps.db.selectFrom('recovery_codes').select('code_key').execute();
      assert.ok(
        keys.every((row) => !codes.some((code) => row.code_key.includes(code.replace('-', '')))),
        'the codes are keyed',
      );

      // Confirmed twice: refused, nothing changed; the session that confirmed counts as proved with two.
      const again = await client.post('/account/two-factor/totp/confirm', { code: totpAt(secret, now(), 1) });
      assert.equal(again.status, 409);
      assert.equal(again.json.code, 'two_factor.already_enabled');
      assert.equal((await client.post('/account/two-factor/totp', { currentPassword: password })).json.code, 'two_factor.already_enabled');
      assert.deepEqual((await client.get('/account')).json.data.twoFactor, { enabled: true, recoveryCodesLeft: 10 });
      assert.deepEqual(await amrOfSessions(email), ['pwd otp mfa']);
      const notice = await t.smtp.waitFor(email, (mail) => mail.subject.includes('Two-factor authentication is on'));
      assert.ok(notice.text.includes('/settings/two-factor'));
    });

    it('asks every password sign-in for the code: no session until it, then one proved with both', async () => {
      const { email, secret } = await enrolled();
      const client = await challenged(email);
      assert.equal((await client.get('/session')).json.data, null, 'no session before the second factor');
      assert.ok(!client.cookies.has('__Host-gatehouse_session'));
      const done = await client.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(done.status, 200, done.text);
      assert.equal(done.json.data.email, email);
      assert.equal((await client.get('/session')).json.data.account.email, email);
      assert.ok((await amrOfSessions(email)).includes('pwd otp mfa'));
    });

    it('accepts a code once: the same code again is refused, even in a new sign-in', async () => {
      const { email, secret } = await enrolled();
      const code = totpAt(secret, now());
      assert.equal((await (await challenged(email)).post('/signin/two-factor', { code })).status, 200);
      const replay = await (await challenged(email)).post('/signin/two-factor', { code });
      assert.equal(replay.status, 400);
      assert.equal(replay.json.code, 'two_factor.code_used');
    });

    it('allows one step of clock drift either way, not two', async () => {
      const { email, secret } = await enrolled();
      // The step before now must be one no code was accepted in yet.
      nextStep();
      const client = await challenged(email);
      assert.equal((await client.post('/signin/two-factor', { code: totpAt(secret, now(), 2) })).json.code, 'two_factor.invalid_code');
      assert.equal((await client.post('/signin/two-factor', { code: totpAt(secret, now(), -2) })).json.code, 'two_factor.invalid_code');
      assert.equal((await client.post('/signin/two-factor', { code: totpAt(secret, now(), -1) })).status, 200, 'a phone 30 s behind');
      nextStep();
      nextStep();
      const ahead = await challenged(email);
      assert.equal((await ahead.post('/signin/two-factor', { code: totpAt(secret, now(), 1) })).status, 200, 'a phone 30 s ahead');
    });

    it('ends a challenge after five minutes', async () => {
      const { email, secret } = await enrolled();
      const client = await challenged(email);
      t.clock.advance(5 * 60_000 + 1000);
      const late = await client.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(late.status, 401);
      assert.equal(late.json.code, 'two_factor.challenge_expired');
      assert.equal((await client.get('/session')).json.data, null);
    });

    it('ends a challenge after five wrong codes, which count in the account’s run like wrong passwords', async () => {
      const { email, secret } = await enrolled();
      const client = await challenged(email);
      const runBefore = await t.deps.limits.accountPaused(email);
      assert.equal(runBefore, false);
      const wrong = totpAt(secret, now(), 5);
      const answers: string[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) answers.push((await client.post('/signin/two-factor', { code: wrong })).json.code);
      assert.deepEqual(answers, [...Array(4).fill('two_factor.invalid_code'), 'two_factor.attempts_exceeded']);
      const right = await client.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(right.json.code, 'two_factor.challenge_expired', 'even the right code, once the challenge died');
      const account = await findAccountByEmail(t.deps.db, email);
      const failures = await t.deps.db
        .selectFrom('auth_events')
        .select('type')
        .where('account_id', '=', account?.id ?? '')
        .where('type', '=', 'two_factor_failed')
        .execute();
      assert.equal(failures.length, 5, 'each wrong code is audited');
      assert.equal((await t.deps.limits.accountFailed(email)).failures, 6, 'the five codes are in the account’s run');
    });

    it('ends no run of failures with the password before the code: signing in again between wrong codes guesses nothing more', async () => {
      const { email, secret } = await enrolled('guesser');
      const wrong = totpAt(secret, now(), 5);
      for (let round = 0; round < 3; round += 1) {
        const client = await challenged(email);
        for (let attempt = 0; attempt < 5; attempt += 1) await client.post('/signin/two-factor', { code: wrong });
      }
      assert.equal((await t.deps.limits.accountFailed(email)).failures, 16, 'fifteen wrong codes and this one, none forgiven');
      // The code that starts a session ends the run.
      const client = await challenged(email);
      assert.equal((await client.post('/signin/two-factor', { code: totpAt(secret, now()) })).status, 200);
      assert.equal((await t.deps.limits.accountFailed(email)).failures, 1);
    });

    it('turning off asks the code after the password, and the password alone forgives no wrong code', async () => {
      const { email, client, secret } = await enrolled('off-guesser');
      const wrong = totpAt(secret, now(), 5);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await client.request('DELETE', '/account/two-factor', { json: { currentPassword: password, code: wrong } });
        assert.equal(answer.json.code, 'two_factor.invalid_code');
      }
      assert.equal((await t.deps.limits.accountFailed(email)).failures, 4);
    });

    it('makes new recovery codes only for a session proved with two factors, not one from before, password or not', async () => {
      const email = freshEmail('regen');
      const client = visitor(t);
      await registerAccount(t, client, email, password);
      const before = await signIn(t, email, password);
      const { recoveryCodes } = await enrol(client, { currentPassword: password });
      const refused = await before.post('/account/two-factor/recovery-codes', { currentPassword: password });
      assert.deepEqual([refused.status, refused.json.code], [403, 'two_factor.proof_required']);
      // Nothing changed: the old codes still work.
      const other = await challenged(email);
      assert.equal((await other.post('/signin/two-factor', { recoveryCode: recoveryCodes[0] })).status, 200);
      const renewed = await other.post('/account/two-factor/recovery-codes', { currentPassword: password });
      assert.equal(renewed.status, 200, renewed.text);
      assert.equal(renewed.json.data.recoveryCodes.length, 10);
    });

    it('takes a recovery code once, in any case and with or without its dash', async () => {
      const { email, recoveryCodes } = await enrolled();
      const [first = '', second = ''] = recoveryCodes;
      const client = await challenged(email);
      assert.equal((await client.post('/signin/two-factor', { recoveryCode: first.toUpperCase().replace('-', ' ') })).status, 200);
      const again = await (await challenged(email)).post('/signin/two-factor', { recoveryCode: first });
      assert.equal(again.status, 400);
      assert.equal(again.json.fields.recoveryCode, 'two_factor.invalid_recovery_code');
      const other = await challenged(email);
      assert.equal((await other.post('/signin/two-factor', { recoveryCode: second })).status, 200);
      assert.equal((await other.get('/account')).json.data.twoFactor.recoveryCodesLeft, 8);
      const malformed = await (await challenged(email)).post('/signin/two-factor', { recoveryCode: 'abc' });
      assert.equal(malformed.status, 400);
      assert.equal(malformed.json.fields.recoveryCode, 'two_factor.invalid_recovery_code');
    });

    it('binds the challenge to the browser that proved the first factor, and to that account', async () => {
      const { email, secret } = await enrolled('bound');
      const other = await enrolled('other');
      await challenged(email);
      const stranger = visitor(t);
      const noCookie = await stranger.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(noCookie.json.code, 'two_factor.challenge_expired');
      // Another browser's own challenge is for its own account: this account's code is wrong there.
      const otherBrowser = await challenged(other.email);
      const crossed = await otherBrowser.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(crossed.json.code, 'two_factor.invalid_code');
      assert.equal((await otherBrowser.get('/session')).json.data, null);
    });

    it('asks after a password change elsewhere: the challenge dies with the credential it was for', async () => {
      const { email, client, secret } = await enrolled();
      const waiting = await challenged(email);
      const changed = await client.post('/account/password', { currentPassword: password, password: 'A newer secret 2026' });
      assert.equal(changed.status, 200, changed.text);
      assert.deepEqual(changed.json.data, {}, 'the changing session was proved with both: it stays signed in');
      assert.equal((await client.get('/session')).json.data.account.email, email);
      const stale = await waiting.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(stale.json.code, 'two_factor.challenge_expired');
    });

    it('asks at a hosting panel’s sign-in, with a partitioned challenge cookie, and links the panel user after the code', async () => {
      const { email, secret } = await enrolled('panel');
      const panel = await registerPanel(t);
      const browser = panelBrowser(t, panel.origin);
      const first = await browser.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'cp-user-1' });
      assert.equal(first.status, 200, first.text);
      assert.ok(first.json.data.twoFactor);
      const cookie = first.headers.getSetCookie().join('\n');
      assert.match(cookie, /gatehouse_2fa=.*Partitioned/i);
      assert.match(cookie, /SameSite=None/i);
      const linkedBefore = await t.deps.db.selectFrom('panel_accounts').selectAll().where('panel_id', '=', panel.id).execute();
      assert.equal(linkedBefore.length, 0, 'nothing linked before the second factor');
      const done = await browser.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(done.status, 200, done.text);
      assert.match(done.headers.getSetCookie().join('\n'), /gatehouse_session=.*Partitioned/i);
      const linked = await t.deps.db.selectFrom('panel_accounts').selectAll().where('panel_id', '=', panel.id).execute();
      assert.deepEqual(
        linked.map((row) => row.panel_user_id),
        ['cp-user-1'],
      );
    });

    it('asks when setting the first password signs in', async () => {
      const email = freshEmail('setpw');
      const client = visitor(t);
      assert.equal((await client.post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
      const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/activate-email?'));
      const token = new URL(/https?:\/\/\S+activate-email\?\S+/.exec(mail.text)?.[0] ?? '').searchParams.get('token');
      const verified = await client.post('/user/verify-email', { token, email });
      const account = await findAccountByEmail(t.deps.db, email);
      const secret = await seedFactor(account?.id ?? '');
      const set = await client.post('/user/set-password', { email, password, token: verified.json.data.token });
      assert.equal(set.status, 200, set.text);
      assert.ok(set.json.data.twoFactor);
      assert.equal((await client.get('/session')).json.data, null);
      assert.equal((await client.post('/signin/two-factor', { code: totpAt(secret, now()) })).status, 200);
    });

    it('asks when a panel’s code completion sets the first password', async () => {
      const panel = await registerPanel(t);
      const browser = panelBrowser(t, panel.origin);
      const email = freshEmail('cpdone');
      assert.equal((await askSignupCode(browser, { email, apiKey: panel.apiKey, userId: 'cp-new' })).status, 200);
      const code = codeIn(await t.smtp.waitFor(email, (mail) => mail.subject.includes('verification code')));
      const account = await findAccountByEmail(t.deps.db, email);
      const secret = await seedFactor(account?.id ?? '');
      const done = await browser.post('/user/complete-otp-registration', { email, password, code, userId: 'cp-new' });
      assert.equal(done.status, 200, done.text);
      assert.ok(done.json.data.twoFactor);
      assert.equal((await browser.get('/session')).json.data, null);
      const links = () =>
        t.deps.db
          .selectFrom('panel_accounts')
          .select('panel_user_id')
          .where('account_id', '=', account?.id ?? '')
          .execute();
      assert.deepEqual(await links(), [], 'the panel user is linked only after the second factor');
      assert.equal((await browser.post('/signin/two-factor', { code: totpAt(secret, now()) })).status, 200);
      assert.ok((await amrOfSessions(email)).includes('otp mfa'));
      assert.deepEqual(
        (await links()).map((row) => row.panel_user_id),
        ['cp-new'],
      );
    });

    it('asks at a single sign-on callback: the browser lands on the code screen, keeping where it was going', async () => {
      const address = freshEmail('sso');
      const user = sso.google.addUser({ email: address, emailVerified: true });
      const owner = visitor(t);
      await ssoRoundTrip(owner, sso.google, user.login, 'intent=signup&dataProcessingConsent=1');
      // Without a password, the mailed code proves the owner.
      const noProof = await owner.post('/account/two-factor/totp', { currentPassword: 'whatever' });
      assert.equal(noProof.json.code, 'account.confirmation_required');
      assert.equal((await owner.post('/account/two-factor/code')).status, 200);
      const emailCode = codeIn(await t.smtp.waitFor(address, (mail) => mail.subject.includes('two-factor')));
      const { secret } = await enrol(owner, { emailCode });
      nextStep();

      const client = visitor(t);
      const authorization = await startSso(client, sso.google, `redirectTo=${encodeURIComponent('/oidc/interaction/abc')}`);
      const back = await callback(client, await sso.google.signIn(authorization.href, user.login));
      assert.equal(back.path, '/login/two-factor');
      assert.equal(back.query.get('redirectTo'), '/oidc/interaction/abc');
      assert.equal((await client.get('/session')).json.data, null);
      const done = await client.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(done.status, 200, done.text);
      assert.ok((await amrOfSessions(address)).includes('fed otp mfa'));
    });

    it('links no provider by its verified address before the code: the sign-in asks, and connects nothing', async () => {
      const { email, secret } = await enrolled('unlinked');
      const user = sso.google.addUser({ email, emailVerified: true });
      const client = visitor(t);
      const back = await callback(client, await sso.google.signIn((await startSso(client, sso.google)).href, user.login));
      assert.equal(back.path, '/login/two-factor');
      const account = await findAccountByEmail(t.deps.db, email);
      const identities = () =>
        t.deps.db
          .selectFrom('sso_identities')
          .select('id')
          .where('account_id', '=', account?.id ?? '')
          .execute();
      assert.deepEqual(await identities(), [], 'nothing linked before the second factor');
      const done = await client.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(done.status, 200, done.text);
      assert.deepEqual(await identities(), [], 'connecting is the settings’ business, with its own proof');
    });

    it('joins the team of the invitation a single sign-on started from once the code is in, and names one it could not use', async () => {
      const inviter = await registerAccount(t, visitor(t), freshEmail('inviter'), password);
      const team = await findOwnTeam(t.deps.db, inviter.id);
      assert.ok(team);
      const { email, secret } = await enrolled('invited');
      const user = sso.google.addUser({ email, emailVerified: true });
      const account = await findAccountByEmail(t.deps.db, email);
      const memberships = async () =>
        (
          await t.deps.db
            .selectFrom('team_members')
            .select('team_id')
            .where('account_id', '=', account?.id ?? '')
            .execute()
        ).map((row) => row.team_id);
      const fromInvitation = async (token: string) => {
        const client = visitor(t);
        const back = await callback(
          client,
          await sso.google.signIn((await startSso(client, sso.google, `invitation=${token}`)).href, user.login),
        );
        assert.equal(back.path, '/login/two-factor');
        return client;
      };

      const { token } = await seedInvitation(t, team.id, email, { inviterId: inviter.id });
      const client = await fromInvitation(token);
      assert.ok(!(await memberships()).includes(team.id), 'nobody joins before the second factor');
      const done = await client.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(done.status, 200, done.text);
      assert.equal(done.json.data.invitationRefused, undefined);
      assert.ok((await memberships()).includes(team.id), 'joined once the code was in');

      // An invitation to another address: the sign-in stands, the answer says why nobody joined.
      const other = await registerAccount(t, visitor(t), freshEmail('other-inviter'), password);
      const otherTeam = await findOwnTeam(t.deps.db, other.id);
      assert.ok(otherTeam);
      const elsewhere = await seedInvitation(t, otherTeam.id, freshEmail('someone-else'), { inviterId: other.id });
      const second = await fromInvitation(elsewhere.token);
      nextStep();
      const answered = await second.post('/signin/two-factor', { code: totpAt(secret, now()) });
      assert.equal(answered.status, 200, answered.text);
      assert.equal(answered.json.data.invitationRefused, 'invitation.wrong_account');
      assert.ok(!(await memberships()).includes(otherTeam.id));
      assert.equal((await second.get('/session')).json.data.account.email, email);
    });

    it('turns off with the password and a current code; regenerating ends the old recovery codes', async () => {
      const { email, client, secret, recoveryCodes } = await enrolled('off');
      const renewed = await client.post('/account/two-factor/recovery-codes', { currentPassword: password });
      assert.equal(renewed.status, 200, renewed.text);
      const stale = await (await challenged(email)).post('/signin/two-factor', { recoveryCode: recoveryCodes[0] });
      assert.equal(stale.json.code, 'two_factor.invalid_recovery_code');
      const wrong = await client.delete('/account/two-factor');
      assert.equal(wrong.status, 400, 'the password and a code are required');
      const badCode = await client.request('DELETE', '/account/two-factor', {
        json: { currentPassword: password, code: totpAt(secret, now(), 4) },
      });
      assert.equal(badCode.json.fields.code, 'two_factor.invalid_code');
      assert.equal((await client.get('/account')).json.data.twoFactor.enabled, true, 'a refused call changes nothing');
      const off = await client.request('DELETE', '/account/two-factor', {
        json: { currentPassword: password, code: totpAt(secret, now()) },
      });
      assert.equal(off.status, 200, off.text);
      assert.equal((await client.get('/account')).json.data.twoFactor.enabled, false);
      await t.smtp.waitFor(email, (mail) => mail.subject.includes('Two-factor authentication is off'));
      const plain = visitor(t);
      const signin = await plain.postForm('/signin', { email, password });
      assert.equal(signin.json.data.email, email, 'the password alone signs in again');
    });

    it('lets the operator reset it for an owner who lost everything: audited, the owner mailed', async () => {
      const { email } = await enrolled('reset');
      const unknown = await runAdmin(['account', 'two-factor-reset', freshEmail('nobody')], t.databaseUrl);
      assert.notEqual(unknown.code, 0);
      const done = await runAdmin(['account', 'two-factor-reset', email], t.databaseUrl);
      assert.equal(done.code, 0, done.stderr);
      const account = await findAccountByEmail(t.deps.db, email);
      const events = await t.deps.db
        .selectFrom('auth_events')
        .select('type')
        .where('account_id', '=', account?.id ?? '')
        .execute();
      assert.ok(events.some((event) => event.type === 'two_factor_reset'));
      await t.smtp.waitFor(email, (mail) => mail.subject.includes('was reset'));
      assert.equal((await signIn(t, email, password).then((c) => c.get('/session'))).json.data.account.email, email);
    });

    /** An authenticator confirmed straight in the database, for ways in that start before any settings page. */
    async function seedFactor(accountId: string): Promise<string> {
      const { secret } = await beginAuthenticator(t.deps.db, t.deps, accountId, { issuer: 'Gatehouse', label: 'seeded' });
      await confirmAuthenticator(t.deps.db, accountId, iso(now()));
      return secret;
    }
  });
}
