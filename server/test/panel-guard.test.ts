import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api } from '@gatehouse/contract';
import { seedAccount } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { panelBrowser, registerPanel, startWithPanel, type TestPanel } from './support/panels.ts';
import type { TestApp } from './support/test-app.ts';

// One guard for every signed-in call from a panel's page: the installation's apiKey in
// X-API-KEY, whatever the route (decisions 017 and 031). Issue: the panel key was checked per
// file, and the team, sessions and sign-on calls answered without it.

const password = 'Panel guard secret 2026';
const samples: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  token: 'x'.repeat(43),
  license: 'GH-0000-0000-0000-0000',
};
// The confirmation by code (not by the mailed link's token) is the signed-in one.
const bodies: Record<string, unknown> = { [api.accountEmailConfirm]: { code: '123456' } };
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => samples[name] ?? 'x');

/**
 * Calls that answer a panel's page without its key, each for its reason: the way in and out
 * (the key, where needed, is in their body), lookups of a token or key (a pending app sign-in is one), `GET /session`, which
 * asks only who this cookie is (a framed app asks before its credentials arrive), single
 * sign-on, a top-level navigation that no panel page makes (its buttons are not shown there), and
 * the continuation of a hand-over to an app, a top-level form whose one-time value is the proof
 * and which checks the panel's origin itself (decision 049).
 */
const open = new Set([
  `POST ${api.signin}`,
  `POST ${api.cpSignin}`,
  `POST ${api.signinTwoFactor}`,
  `POST ${api.signup}`,
  `POST ${api.setPassword}`,
  `POST ${api.completeOtpRegistration}`,
  `POST ${api.resendVerification}`,
  `POST ${api.resendOtpVerification}`,
  `POST ${api.initPasswordReset}`,
  `POST ${api.verifyOtpEmail}`,
  `POST ${api.verifyEmail}`,
  `POST ${api.passwordReset}`,
  `POST ${api.passwordResetOtp}`,
  `GET ${api.session}`,
  `POST ${api.signout}`,
  `GET ${api.licensePreview}`,
  `GET ${api.invitation}`,
  `GET ${api.appSignIn}`,
  `POST ${api.appHandOverContinue}`,
  `POST ${api.passwordResetCheck}`,
  `POST ${api.signupStatus}`,
  `POST ${api.accountEmailCancel}`,
  `GET ${api.whiteLabel}`,
  `GET ${api.connectGoogle}`,
  `GET ${api.connectMicrosoft}`,
  'GET /connect/google/callback',
  'GET /connect/microsoft/callback',
  `GET ${api.healthLive}`,
  `GET ${api.healthReady}`,
  `GET ${api.openapi}`,
  'GET /runtime-config.js',
]);

/** Passkeys answer no panel page at all, signed in or not (decision 048): refused before the key is asked. */
const refusedToPanels = new Set([
  `POST ${api.passkeySigninOptions}`,
  `POST ${api.passkeySignin}`,
  `POST ${api.passkeySignupOptions}`,
  `POST ${api.passkeySignup}`,
  `GET ${api.passkeys}`,
  `POST ${api.passkeys}`,
  `POST ${api.passkeyCode}`,
  `POST ${api.passkeyOptions}`,
  `PATCH ${api.passkey}`,
  `DELETE ${api.passkey}`,
]);

for (const dialect of await dialects('behaviour')) {
  describe(`the panel key on every signed-in call (${dialect})`, () => {
    let t: TestApp;
    let panel: TestPanel;
    let other: TestPanel;
    let n = 0;

    /** A panel user signed in through the panel's page: the session's cookie is in the returned browser. */
    async function signedInFromPanel(): Promise<{ browser: TestClient; id: string; email: string }> {
      n += 1;
      const email = `guarded${n}-${dialect}@example.com`;
      const { id } = await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(password) });
      const browser = panelBrowser(t, panel.origin);
      const signin = await browser.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: `u${n}` });
      assert.equal(signin.status, 200, signin.text);
      return { browser, id, email };
    }

    before(async () => {
      ({ t, panel } = await startWithPanel(dialect));
      other = await registerPanel(t);
    });
    after(() => t.stop());

    it('refuses the team, sessions and sign-on calls without the key, or with another panel’s, and changes nothing', async () => {
      const { browser, id } = await signedInFromPanel();
      const second = await signedInFromPanel();
      const sessions = await t.deps.db.selectFrom('sessions').select('id').where('account_id', '=', id).execute();
      const [own] = sessions;
      const calls: Array<[string, string, unknown?]> = [
        ['GET', api.team],
        ['POST', api.teamInvitations, { email: 'invitee@example.com', role: 'member' }],
        ['PATCH', concrete(api.teamMember), { role: 'admin' }],
        ['DELETE', concrete(api.teamMember)],
        ['GET', api.sessions],
        ['DELETE', api.session_.replace(':id', own?.id ?? '')],
        ['GET', api.connectedApps],
        ['DELETE', concrete(api.connectedApp)],
        ['GET', api.ssoIdentities],
        ['DELETE', concrete(api.ssoIdentity)],
        ['GET', api.license],
        ['PUT', api.profile, { firstName: 'Changed' }],
        ['GET', api.account],
      ];
      const keys: Array<Record<string, string>> = [{}, { 'x-api-key': other.apiKey }, { 'x-api-key': 'ghp_made-up' }];
      for (const headers of keys) {
        for (const [method, path, json] of calls) {
          const answer = await browser.request(method, path, { headers, ...(json === undefined ? {} : { json }) });
          assert.deepEqual([answer.status, answer.json?.code], [401, 'panel.invalid_key'], `${method} ${path} ${JSON.stringify(headers)}`);
        }
      }
      const invitations = await t.deps.db.selectFrom('team_invitations').select('id').execute();
      assert.deepEqual(invitations, [], 'no invitation was sent');
      const still = await t.deps.db.selectFrom('sessions').select('id').where('account_id', '=', id).execute();
      assert.equal(still.length, sessions.length, 'no session was ended');
      const account = await t.deps.db.selectFrom('accounts').select('first_name').where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(account.first_name, null, 'the profile is unchanged');

      const withKey = { 'x-api-key': panel.apiKey };
      assert.equal((await browser.get(api.team, withKey)).status, 200);
      assert.equal((await browser.get(api.sessions, withKey)).status, 200);
      assert.equal((await browser.get(api.ssoIdentities, withKey)).status, 200);
      const invited = await browser.request('POST', api.teamInvitations, {
        headers: withKey,
        json: { email: 'invitee@example.com', role: 'member' },
      });
      assert.equal(invited.status, 200, invited.text);
      assert.equal((await second.browser.get(api.sessions, withKey)).status, 200);
    });

    it('guards every documented call that is not open by design: a new signed-in route cannot forget the key', async () => {
      const { browser } = await signedInFromPanel();
      const spec = (await browser.get('/openapi.json')).json;
      const unguarded: string[] = [];
      for (const [template, operations] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
        const path = template.replace(/\{(\w+)\}/g, ':$1');
        for (const method of Object.keys(operations).map((m) => m.toUpperCase())) {
          // Ending the session would sign the browser out of the next calls.
          if (method === 'POST' && path === api.signout) continue;
          if (method === 'POST' && path === api.accountDelete) continue;
          const answer = await browser.request(method, concrete(path), method === 'GET' ? {} : { json: bodies[path] ?? {} });
          const call = `${method} ${path}`;
          const refused = refusedToPanels.has(call) && answer.status === 403 && answer.json?.code === 'passkey.unavailable';
          const guarded = answer.status === 401 && answer.json?.code === 'panel.invalid_key';
          if (!guarded && !refused) unguarded.push(call);
        }
      }
      const unexpected = unguarded.filter((call) => !open.has(call));
      assert.deepEqual(unexpected, [], 'answered a panel page without its key');
    });
  });
}
