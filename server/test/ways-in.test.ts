import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { errorMessages, type WayInKind } from '@gatehouse/contract';
import { sql } from 'kysely';
import { disableAccount } from '../src/features/operators/account-admin.service.ts';
import { cliActor } from '../src/features/operators/operator-audit.ts';
import { tablesThatAreNoWayIn, waysIn } from '../src/features/ways-in/registry.ts';
import { freshEmail, registerAccount, seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { askSignupCode, codeIn, otherCode, panelBrowser, registerPanel } from './support/panels.ts';
import { SoftAuthenticator } from './support/passkey-authenticator.ts';
import { linkIn } from './support/smtp.ts';
import { type SsoTestApp, ssoRoundTrip, startSsoTestApp } from './support/sso.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { totpAt } from './support/totp.ts';

// The registry of the ways in (decision 050): every rule that names the ways into an account
// reads it, so the factors added last are covered by the rules written first.

const password = 'Owner secret 2026';
const stepMs = 30_000;

/** The tables with a column that names an account, read from the catalogue. */
async function tablesWithAccountColumn(t: TestApp): Promise<string[]> {
  const query = t.databaseUrl.startsWith('postgres')
    ? sql<{ name: string }>`select distinct table_name as name from information_schema.columns
        where table_schema = 'public' and column_name in ('account_id', 'owner_id', 'inviter_id', 'invited_account_id')`
    : sql<{ name: string }>`select distinct m.name as name from sqlite_master m, pragma_table_info(m.name) c
        where m.type = 'table' and c.name in ('account_id', 'owner_id', 'inviter_id', 'invited_account_id')`;
  return (await query.execute(t.deps.db)).rows.map((row) => row.name).sort();
}

for (const dialect of await dialects('persistence')) {
  describe(`the ways in, one registry (${dialect})`, () => {
    let s: SsoTestApp;
    let t: TestApp;
    before(async () => {
      s = await startSsoTestApp(dialect);
      t = s.t;
      // Codes are computed for the server's clock, which moves only when a test moves it.
      t.clock.stop();
    });
    after(() => s.stop());

    const origin = () => new URL(t.url).origin;
    const now = () => t.clock.now();

    const addPasskey = async (client: TestClient, authenticator: SoftAuthenticator) => {
      const options = await client.post('/account/passkeys/options', { currentPassword: password });
      assert.equal(options.status, 200, options.text);
      const added = await client.post('/account/passkeys', { response: authenticator.create(options.json.data, origin()) });
      assert.equal(added.status, 200, added.text);
      return added.json.data as { id: string; name: string };
    };
    const enrol = async (client: TestClient) => {
      const begun = await client.post('/account/two-factor/totp', { currentPassword: password });
      assert.equal(begun.status, 200, begun.text);
      const secret: string = begun.json.data.secret;
      const confirmed = await client.post('/account/two-factor/totp/confirm', { code: totpAt(secret, now()) });
      assert.equal(confirmed.status, 200, confirmed.text);
      t.clock.advance(stepMs);
      return secret;
    };
    const passkeySignIn = async (authenticator: SoftAuthenticator) => {
      const client = visitor(t);
      const options = await client.post('/passkey/signin/options');
      return client.post('/passkey/signin', { response: authenticator.get(options.json.data, origin()) });
    };

    it('covers every table: each one that names an account holds a way in of the registry or is named as holding none', async () => {
      const covered = Object.values(waysIn).flatMap((way) => way.tables);
      for (const table of await tablesWithAccountColumn(t)) {
        assert.ok(
          covered.includes(table as never) || tablesThatAreNoWayIn.includes(table as never),
          `${table} names an account: give its way in an entry in the registry (features/ways-in/registry.ts), or name it in tablesThatAreNoWayIn`,
        );
      }
      assert.ok((await tablesWithAccountColumn(t)).includes('passkeys'), 'the catalogue query finds the columns');
    });

    it('"this was not me" removes the passkey, the authenticator and its recovery codes added since the request, and says so', async () => {
      const email = freshEmail('not-me');
      const intruderEmail = freshEmail('intruder');
      const owner = visitor(t);
      await registerAccount(t, owner, email, password);
      const ownersKey = new SoftAuthenticator();
      const kept = await addPasskey(owner, ownersKey);

      // Someone with a session and the password asks to move the address, then adds a passkey
      // made with user verification and turns an authenticator on.
      t.clock.advance(60_000);
      const intruder = await signIn(t, email, password);
      assert.equal((await intruder.post('/account/email', { email: intruderEmail, currentPassword: password })).status, 200);
      const notice = await t.smtp.waitFor(email, (mail) => mail.subject.includes('about to change'));
      const cancel = linkIn(notice, `${t.url}/email-change/cancel?`).searchParams.get('token');
      t.clock.advance(60_000);
      const intrudersKey = new SoftAuthenticator();
      await addPasskey(intruder, intrudersKey);
      await enrol(intruder);
      assert.equal((await passkeySignIn(intrudersKey)).status, 200, "before: the intruder's passkey signs in");

      const stopped = await visitor(t).post('/account/email/cancel', { token: cancel });
      assert.equal(stopped.status, 200, stopped.text);
      assert.deepEqual(stopped.json.data.removed.sort(), ['authenticator', 'passkey', 'password']);

      const refused = await passkeySignIn(intrudersKey);
      assert.deepEqual([refused.status, refused.json.code], [400, 'passkey.unknown'], "the intruder's passkey no longer signs in");
      const account = await t.deps.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const left = await t.deps.db.selectFrom('passkeys').select('id').where('account_id', '=', account.id).execute();
      assert.deepEqual(
        left.map((row) => row.id),
        [kept.id],
        "the owner's passkey from before the request stays",
      );
      for (const table of ['totp_factors', 'recovery_codes'] as const) {
        const rows = await t.deps.db.selectFrom(table).select('account_id').where('account_id', '=', account.id).execute();
        assert.deepEqual(rows, [], `${table}: the intruder's second factor is gone`);
      }

      const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('Choose a new password'));
      assert.match(mail.text, /added since the request: passkeys and the authenticator app with its recovery codes\./);
      // The owner's way back: the mailed link, then the password alone, with no code to answer.
      const reset = linkIn(mail, `${t.url}/reset?`).searchParams.get('token');
      assert.equal((await visitor(t).post('/user/password-reset', { token: reset, password: 'Owner again 2026' })).status, 200);
      const back = await visitor(t).postForm('/signin', { email, password: 'Owner again 2026' });
      assert.equal(back.status, 200, back.text);
      assert.equal(back.json.data.twoFactor, undefined, 'not asked for the intruder’s code');
      assert.equal((await passkeySignIn(ownersKey)).status, 200, "the owner's own passkey still signs in");
    });

    it('a session proved with the password alone adds no lasting factor once the account has an authenticator', async () => {
      const email = freshEmail('stolen');
      const owner = visitor(t);
      await registerAccount(t, owner, email, password);
      // Stolen before two-factor was on: it proved the password only.
      const stolen = await signIn(t, email, password);
      await enrol(owner);
      const passkey = await addPasskey(owner, new SoftAuthenticator());

      // One call per way in whose registry entry asks for two factors: a kind without a call fails the type check.
      const calls: Record<WayInKind, ((client: TestClient) => ReturnType<TestClient['post']>) | undefined> = {
        password: undefined,
        panelLink: undefined,
        authenticator: undefined,
        identity: (client) => client.post('/sso/link', { provider: 'google', currentPassword: password }),
        passkey: (client) => client.post('/account/passkeys/options', { currentPassword: password }),
        recoveryCodes: (client) => client.post('/account/two-factor/recovery-codes', { currentPassword: password }),
      };
      for (const way of Object.values(waysIn)) {
        const call = calls[way.kind];
        if (way.proof.add !== 'ownerTwoFactor' || !call) continue;
        const answer = await call(stolen);
        assert.deepEqual([answer.status, answer.json.code], [403, 'two_factor.proof_required'], `adding ${way.kind}`);
        assert.equal((await call(owner)).status, 200, `the owner's two-factor session adds ${way.kind}`);
      }
      const renamed = await stolen.request('PATCH', `/account/passkeys/${passkey.id}`, {
        json: { name: 'Mine now', currentPassword: password },
      });
      assert.deepEqual([renamed.status, renamed.json.code], [403, 'two_factor.proof_required']);
      const removed = await stolen.delete(`/account/passkeys/${passkey.id}`, { currentPassword: password });
      assert.deepEqual([removed.status, removed.json.code], [403, 'two_factor.proof_required']);
      assert.equal((await owner.get('/account/passkeys')).json.data.length, 1, 'nothing changed');
    });

    it('a disabled account is told so by every way in, once the way in is proved, and a wrong proof is told nothing', async () => {
      const hash = await t.deps.hasher.hash(password);
      const disable = (id: string) => disableAccount(t.deps, id, { actor: cliActor(), reason: 'Chargeback', host: 'localhost' });
      const seeded = async (prefix: string) => {
        const email = freshEmail(prefix);
        return { email, id: (await seedAccount(t, email, { passwordHash: hash })).id };
      };
      const withAuthenticator = async (prefix: string) => {
        const account = await seeded(prefix);
        const owner = await signIn(t, account.email, password);
        const begun = await owner.post('/account/two-factor/totp', { currentPassword: password });
        const secret: string = begun.json.data.secret;
        const confirmed = await owner.post('/account/two-factor/totp/confirm', { code: totpAt(secret, now()) });
        assert.equal(confirmed.status, 200, confirmed.text);
        t.clock.advance(stepMs);
        // The first factor before the account was disabled: the challenge is open.
        const challenged = visitor(t);
        const first = await challenged.postForm('/signin', { email: account.email, password });
        assert.ok(first.json.data.twoFactor, first.text);
        return { ...account, secret, recoveryCodes: confirmed.json.data.recoveryCodes as string[], challenged };
      };
      const googleUser = async (prefix: string) => {
        const email = freshEmail(prefix);
        const user = s.google.addUser({ email, emailVerified: true });
        const signedUp = await ssoRoundTrip(visitor(t), s.google, user.login, 'intent=signup&dataProcessingConsent=1');
        assert.equal(signedUp.path, '/signup-process');
        const account = await t.deps.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
        return { email, login: user.login, id: account.id };
      };
      type Answer = Awaited<ReturnType<TestClient['post']>>;
      /** What the person is shown: the JSON error of the API, or the login screen's `error` after a redirect. */
      type Told = { way: string; status: number; code: string | null; cookies: string[] };
      const json = (way: string, answer: Answer): Told => ({
        way,
        status: answer.status,
        code: answer.json?.code ?? null,
        cookies: answer.headers.getSetCookie().filter((line) => !/=;|Max-Age=0|Expires=Thu, 01 Jan 1970/.test(line)),
      });
      const redirect = (way: string, back: Awaited<ReturnType<typeof ssoRoundTrip>>): Told => ({
        way,
        status: back.path === '/login' ? 403 : 200,
        code: back.query.get('error'),
        cookies: back.setCookie.filter((line) => /gatehouse_(session|challenge)=[^;]/.test(line)),
      });

      // Each kind of way in, signed in with the right proof after the account was disabled. A kind
      // without an entry fails the type check; one with no attempt fails below.
      const refusals: Record<WayInKind, () => Promise<Told[]>> = {
        password: async () => {
          const { email, id } = await seeded('off-pwd');
          await disable(id);
          const wrong = await visitor(t).postForm('/signin', { email, password: `${password}x` });
          assert.deepEqual([wrong.status, wrong.json], [401, { error: 'Invalid email and password', code: 'auth.invalid_credentials' }]);
          return [json('/signin', await visitor(t).postForm('/signin', { email, password }))];
        },
        identity: async () => {
          const google = await googleUser('off-sso');
          const sameAddress = s.google.addUser({ email: google.email, emailVerified: true });
          const microsoft = s.microsoft.addUser({ email: freshEmail('off-ms'), xmsEdov: true });
          const signedUp = await ssoRoundTrip(visitor(t), s.microsoft, microsoft.login, 'intent=signup&dataProcessingConsent=1');
          assert.equal(signedUp.path, '/signup-process');
          await disable(google.id);
          await disable(
            (
              await t.deps.db
                .selectFrom('accounts')
                .select('id')
                .where('email', '=', microsoft.email ?? '')
                .executeTakeFirstOrThrow()
            ).id,
          );
          return [
            redirect('Google, by identity', await ssoRoundTrip(visitor(t), s.google, google.login)),
            redirect('Google, by verified address', await ssoRoundTrip(visitor(t), s.google, sameAddress.login)),
            redirect('Microsoft, by identity', await ssoRoundTrip(visitor(t), s.microsoft, microsoft.login)),
          ];
        },
        panelLink: async () => {
          const panel = await registerPanel(t);
          const { email, id } = await seeded('off-cp');
          const page = panelBrowser(t, panel.origin);
          // A panel sign-up verified by its code, disabled before the password that completes it.
          const pending = freshEmail('off-cp-code');
          assert.equal((await askSignupCode(page, { email: pending, apiKey: panel.apiKey, userId: 'u-2' })).status, 200);
          const code = codeIn(await t.smtp.waitFor(pending, (mail) => mail.subject.includes('verification code')));
          assert.equal((await page.post('/user/verify-otp-email', { code, email: pending })).status, 200);
          const pendingId = (await t.deps.db.selectFrom('accounts').select('id').where('email', '=', pending).executeTakeFirstOrThrow()).id;
          await disable(id);
          await disable(pendingId);
          const complete = (with_: string) =>
            page.post('/user/complete-otp-registration', { email: pending, password, code: with_, userId: 'u-2' });
          const wrongCode = await complete(otherCode(code));
          assert.deepEqual([wrongCode.status, wrongCode.json.code], [400, 'otp.invalid'], 'a wrong code learns nothing');
          return [
            json('/user/signin', await page.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'u-1' })),
            json('/user/complete-otp-registration', await complete(code)),
          ];
        },
        passkey: async () => {
          const { email, id } = await seeded('off-passkey');
          const authenticator = new SoftAuthenticator();
          await addPasskey(await signIn(t, email, password), authenticator);
          await disable(id);
          return [json('/passkey/signin', await passkeySignIn(authenticator))];
        },
        authenticator: async () => {
          const account = await withAuthenticator('off-totp');
          await disable(account.id);
          const wrong = await account.challenged.post('/signin/two-factor', { code: otherCode(totpAt(account.secret, now())) });
          assert.deepEqual([wrong.status, wrong.json.code], [400, 'two_factor.invalid_code'], 'a wrong code learns nothing');
          return [
            json('/signin/two-factor {code}', await account.challenged.post('/signin/two-factor', { code: totpAt(account.secret, now()) })),
            json('/signin, asking for no code', await visitor(t).postForm('/signin', { email: account.email, password })),
          ];
        },
        recoveryCodes: async () => {
          const account = await withAuthenticator('off-recovery');
          await disable(account.id);
          const recoveryCode = account.recoveryCodes[0] ?? '';
          return [json('/signin/two-factor {recoveryCode}', await account.challenged.post('/signin/two-factor', { recoveryCode }))];
        },
      };
      for (const way of Object.values(waysIn)) {
        const told = await refusals[way.kind]();
        assert.ok(told.length > 0, `${way.kind}: no attempt`);
        for (const answer of told) {
          assert.deepEqual(
            { status: answer.status, code: answer.code, cookies: answer.cookies },
            { status: 403, code: 'auth.account_disabled', cookies: [] },
            `${way.kind}, ${answer.way}`,
          );
        }
      }
      assert.equal(errorMessages['auth.account_disabled'], 'This account is disabled. Contact support');
    });

    it('adding and removing a passkey mails the owner, naming it; removing one asks for the proof', async () => {
      const email = freshEmail('notice');
      const hash = await t.deps.hasher.hash(password);
      await seedAccount(t, email, { passwordHash: hash });
      const client = await signIn(t, email, password);
      const passkey = await addPasskey(client, new SoftAuthenticator());
      const added = await t.smtp.waitFor(email, (m) => m.subject.includes('A new way to sign in'));
      assert.match(added.text, new RegExp(`The passkey “${passkey.name}” was just added`));

      const unproved = await client.delete(`/account/passkeys/${passkey.id}`, {});
      assert.deepEqual([unproved.status, unproved.json.fields.currentPassword], [400, 'validation.password_required']);
      const wrong = await client.delete(`/account/passkeys/${passkey.id}`, { currentPassword: 'Not the password 1' });
      assert.deepEqual([wrong.status, wrong.json.code], [400, 'auth.wrong_password']);
      assert.equal((await client.delete(`/account/passkeys/${passkey.id}`, { currentPassword: password })).status, 200);
      const removed = await t.smtp.waitFor(email, (m) => m.subject.includes('was removed'));
      assert.match(removed.text, new RegExp(`The passkey “${passkey.name}” was just removed`));
    });
  });

  describe(`what ends a run of failures (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1', ACCOUNT_SIGNIN_FAILURES: '5' } });
      t.clock.stop();
    });
    after(() => t.stop());

    it('a right password in the settings, from a session short of the second factor, forgives no wrong code', async () => {
      const email = freshEmail('run');
      const owner = visitor(t);
      await registerAccount(t, owner, email, password);
      const stolen = await signIn(t, email, password);
      const begun = await owner.post('/account/two-factor/totp', { currentPassword: password });
      const secret: string = begun.json.data.secret;
      assert.equal((await owner.post('/account/two-factor/totp/confirm', { code: totpAt(secret, t.clock.now()) })).status, 200);

      const wrongCodes = async (count: number) => {
        const guesser = visitor(t);
        assert.equal((await guesser.postForm('/signin', { email, password })).status, 200);
        const answers: string[] = [];
        for (let i = 0; i < count; i += 1) {
          const code = totpAt(secret, t.clock.now(), 5 + i);
          answers.push((await guesser.post('/signin/two-factor', { code })).json.code);
        }
        return answers;
      };
      assert.deepEqual(await wrongCodes(3), Array(3).fill('two_factor.invalid_code'));
      // The password is right and the call changes nothing (the address is the same): the run goes on.
      const settings = await stolen.post('/account/email', { email, currentPassword: password });
      assert.deepEqual([settings.status, settings.json.code], [400, 'email_change.same_address']);
      const later = await wrongCodes(2);
      assert.equal(later.at(-1), 'auth.signin_paused', `the fifth wrong code pauses the sign-in: ${later.join(', ')}`);
      const paused = await visitor(t).postForm('/signin', { email, password });
      assert.deepEqual([paused.status, paused.json.code], [401, 'auth.signin_paused']);
      await t.smtp.waitFor(email, (m) => m.subject.includes('Someone is trying'));
    });
  });
}
