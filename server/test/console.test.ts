import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { accountRemedies, type OperatorRole } from '@gatehouse/contract';
import { consoleCsp } from '../src/features/console/console.routes.ts';
import { cliActor } from '../src/features/operators/operator-audit.ts';
import { grantOperator } from '../src/features/operators/operators.service.ts';
import { freshEmail, seedAccount, signIn } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { browse } from './support/oidc-app.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';
import { totpAt } from './support/totp.ts';

const password = 'Console operator secret 9';
const consoleBuild = fileURLToPath(new URL('./support/console-build/', import.meta.url));
const why = { reason: 'Chargeback fraud, ticket 5150' };

for (const dialect of await dialects('persistence')) {
  describe(`operator console (${dialect})`, () => {
    let t: TestApp;
    let hash: string;

    before(async () => {
      t = await startBehindProxy({ dialect, env: { CONSOLE_ROOT: consoleBuild } });
      hash = await t.deps.hasher.hash(password);
      // Time stands still but for advance(): the authenticator's codes follow it.
      t.clock.stop();
    });
    after(() => t.stop());

    /** An account signed in to Gatehouse in a browser of its own, with two-factor turned on there (the session then counts two factors). */
    async function person(prefix: string, options: { twoFactor: boolean; role?: OperatorRole }) {
      const email = freshEmail(prefix);
      const account = await seedAccount(t, email, { passwordHash: hash });
      const browser = await signIn(t, email, password);
      let secret = '';
      if (options.twoFactor) {
        const begun = await browser.post('/account/two-factor/totp', { currentPassword: password });
        assert.equal(begun.status, 200, begun.text);
        secret = begun.json.data.secret;
        const confirmed = await browser.post('/account/two-factor/totp/confirm', { code: totpAt(secret, t.clock.now()) });
        assert.equal(confirmed.status, 200, confirmed.text);
        t.clock.advance(30_000);
      }
      if (options.role) await grantOperator(t.deps, email, options.role, cliActor());
      return { id: account.id, email, browser, secret };
    }

    /** Opens the console: through the provider and back, as the browser follows the redirects. */
    async function openConsole(browser: TestClient) {
      const callback = `${t.adminUrl}/console/callback`;
      const landed = await browse(browser, `${t.adminUrl}/console/sign-in?returnTo=/console/accounts`, callback);
      assert.ok(landed.url.href.startsWith(callback), `${landed.status} ${landed.url} ${landed.text.slice(0, 200)}`);
      return browser.get(landed.url.href);
    }

    async function consoleSession(browser: TestClient) {
      const session = await browser.get(`${t.adminUrl}/console/session`);
      assert.equal(session.status, 200, session.text);
      return session.json.data as { csrf: string; fresh: boolean; operator: { email: string; role: OperatorRole } };
    }

    async function customer() {
      const email = freshEmail('customer');
      return { email, id: (await seedAccount(t, email, { passwordHash: hash })).id };
    }

    const isDisabled = async (id: string) =>
      (await t.deps.db.selectFrom('accounts').select('disabled_at').where('id', '=', id).executeTakeFirstOrThrow()).disabled_at !== null;

    it('signs an operator with two factors in through the provider; its writes need the session token and are audited as the operator', async () => {
      const operator = await person('support', { twoFactor: true, role: 'support' });
      const back = await openConsole(operator.browser);
      assert.equal(back.status, 303);
      assert.equal(back.headers.get('location'), '/console/accounts');
      const cookie = back.headers.getSetCookie().find((line) => line.startsWith('gatehouse_console='));
      assert.match(cookie ?? '', /HttpOnly/i);
      assert.match(cookie ?? '', /SameSite=Strict/i);
      const session = await consoleSession(operator.browser);
      assert.equal(session.operator.email, operator.email);
      assert.equal(session.operator.role, 'support');
      assert.equal(session.fresh, true, 'the sign-in has just been proved');
      const signedIn = await operator.browser.get(`${t.adminUrl}/admin/v1/audit?accountId=${operator.id}&type=console_signed_in`);
      assert.deepEqual(signedIn.json.data[0]?.actor, { kind: 'operator', id: operator.id, name: operator.email });

      const target = await customer();
      const found = await operator.browser.get(
        `${t.adminUrl}/admin/v1/accounts?q=${encodeURIComponent(target.email.slice(0, 12).toUpperCase())}`,
      );
      assert.equal(found.status, 200, found.text);
      assert.ok(found.json.data.some((row: { id: string }) => row.id === target.id));

      const forged = await operator.browser.post(`${t.adminUrl}/admin/v1/accounts/${target.id}/disable`, why);
      assert.equal(forged.status, 403);
      assert.equal(forged.json.code, 'console.csrf_invalid');
      assert.equal(await isDisabled(target.id), false, 'a write without the session token changes nothing');

      const disabled = await operator.browser.post(`${t.adminUrl}/admin/v1/accounts/${target.id}/disable`, why, {
        'x-csrf-token': session.csrf,
      });
      assert.equal(disabled.status, 200, disabled.text);
      assert.equal(await isDisabled(target.id), true);
      const audit = await operator.browser.get(`${t.adminUrl}/admin/v1/audit?accountId=${target.id}&type=account_disabled`);
      const row = audit.json.data.find((entry: { source: string }) => entry.source === 'operator');
      assert.deepEqual(row.actor, { kind: 'operator', id: operator.id, name: operator.email });
      assert.equal(row.reason, why.reason);

      const out = await operator.browser.post(`${t.adminUrl}/console/sign-out`, {}, { 'x-csrf-token': session.csrf });
      assert.equal(out.status, 200);
      assert.equal((await operator.browser.get(`${t.adminUrl}/admin/v1/accounts?q=x`)).status, 401);
    });

    it('sends an operator without two-factor to set it up first, and opens no console session', async () => {
      const operator = await person('no2fa', { twoFactor: false, role: 'owner' });
      const back = await openConsole(operator.browser);
      assert.equal(back.status, 303);
      assert.equal(back.headers.get('location'), `${t.url}/settings/two-factor`);
      assert.equal(
        back.headers.getSetCookie().some((line) => line.startsWith('gatehouse_console=')),
        false,
      );
      const session = await operator.browser.get(`${t.adminUrl}/console/session`);
      assert.equal(session.status, 401);
      assert.equal(session.json.code, 'console.signed_out');
    });

    it('ends the console session of an operator who turns two-factor off', async () => {
      const operator = await person('drops2fa', { twoFactor: true, role: 'support' });
      await openConsole(operator.browser);
      await consoleSession(operator.browser);
      const off = await operator.browser.delete('/account/two-factor', {
        currentPassword: password,
        code: totpAt(operator.secret, t.clock.now()),
      });
      assert.equal(off.status, 200, off.text);
      const after = await operator.browser.get(`${t.adminUrl}/console/session`);
      assert.equal(after.status, 401);
      assert.equal((await operator.browser.get(`${t.adminUrl}/admin/v1/accounts?q=x`)).status, 401);
    });

    it('ends with the Gatehouse session it was signed in with', async () => {
      const operator = await person('signsout', { twoFactor: true, role: 'support' });
      await openConsole(operator.browser);
      await consoleSession(operator.browser);
      assert.equal((await operator.browser.post('/signout', {})).status, 200);
      assert.equal((await operator.browser.get(`${t.adminUrl}/console/session`)).status, 401);
      assert.equal((await operator.browser.get(`${t.adminUrl}/admin/v1/accounts?q=x`)).status, 401);
    });

    it('turns away an account that is not an operator', async () => {
      const stranger = await person('stranger', { twoFactor: true });
      const back = await openConsole(stranger.browser);
      assert.equal(back.headers.get('location'), '/console/?error=console.not_operator');
      assert.equal((await stranger.browser.get(`${t.adminUrl}/console/session`)).status, 401);
    });

    it('refuses a readonly operator a remedy with 403, and lets it read', async () => {
      const operator = await person('readonly', { twoFactor: true, role: 'readonly' });
      await openConsole(operator.browser);
      const { csrf } = await consoleSession(operator.browser);
      const target = await customer();
      assert.equal((await operator.browser.get(`${t.adminUrl}/admin/v1/accounts/${target.id}`)).status, 200);
      const refused = await operator.browser.post(`${t.adminUrl}/admin/v1/accounts/${target.id}/disable`, why, { 'x-csrf-token': csrf });
      assert.equal(refused.status, 403);
      assert.equal(refused.json.code, 'admin.scope_required');
      assert.equal(await isDisabled(target.id), false);
    });

    it('refuses a destructive action after a stale sign-in until a fresh proof, and counts a wrong one', async () => {
      const operator = await person('stale', { twoFactor: true, role: 'support' });
      await openConsole(operator.browser);
      const { csrf } = await consoleSession(operator.browser);
      const headers = { 'x-csrf-token': csrf };
      const target = await customer();
      t.clock.advance(6 * 60_000);
      assert.equal((await consoleSession(operator.browser)).fresh, false);

      const stale = await operator.browser.post(`${t.adminUrl}/admin/v1/accounts/${target.id}/disable`, why, headers);
      assert.equal(stale.status, 403);
      assert.equal(stale.json.code, 'admin.fresh_proof_required');
      assert.equal(await isDisabled(target.id), false);
      const mild = await operator.browser.post(`${t.adminUrl}/admin/v1/accounts/${target.id}/password-reset/send`, why, headers);
      assert.equal(mild.status, 200, 'a remedy that takes nothing away needs no fresh proof');

      const wrongCode = await operator.browser.post(
        `${t.adminUrl}/console/proof`,
        { currentPassword: password, code: totpAt(operator.secret, t.clock.now(), 4) },
        headers,
      );
      assert.equal(wrongCode.status, 400);
      assert.equal(wrongCode.json.code, 'two_factor.invalid_code');
      const wrongPassword = await operator.browser.post(
        `${t.adminUrl}/console/proof`,
        { currentPassword: 'not it', code: totpAt(operator.secret, t.clock.now()) },
        headers,
      );
      assert.equal(wrongPassword.status, 400);
      assert.equal(wrongPassword.json.code, 'auth.wrong_password');
      const noCode = await operator.browser.post(`${t.adminUrl}/console/proof`, { currentPassword: password }, headers);
      assert.equal(noCode.json.code, 'console.code_required');
      assert.equal((await operator.browser.post(`${t.adminUrl}/admin/v1/accounts/${target.id}/disable`, why, headers)).status, 403);

      t.clock.advance(30_000);
      const proved = await operator.browser.post(
        `${t.adminUrl}/console/proof`,
        { currentPassword: password, code: totpAt(operator.secret, t.clock.now()) },
        headers,
      );
      assert.equal(proved.status, 200, proved.text);
      assert.equal(proved.json.data.fresh, true);
      const proofs = await operator.browser.get(`${t.adminUrl}/admin/v1/audit?accountId=${operator.id}&type=console_proof_given`);
      assert.equal(proofs.json.data.length, 1, 'the proof is audited once, the wrong ones not');
      const disabled = await operator.browser.post(`${t.adminUrl}/admin/v1/accounts/${target.id}/disable`, why, headers);
      assert.equal(disabled.status, 200, disabled.text);
      assert.equal(await isDisabled(target.id), true);

      const token = await t.deps.db.selectFrom('admin_tokens').select('id').executeTakeFirst();
      assert.equal(token, undefined, 'the console made no admin token');
    });

    it('asks a fresh proof for every destructive remedy of the registry, and for no other', async () => {
      const operator = await person('registry', { twoFactor: true, role: 'owner' });
      await openConsole(operator.browser);
      const { csrf } = await consoleSession(operator.browser);
      t.clock.advance(6 * 60_000);
      const openapi = await operator.browser.get(`${t.adminUrl}/admin/v1/openapi.json`);
      for (const { path, destructive } of accountRemedies) {
        assert.ok(openapi.json.paths[`/admin/v1/accounts/{id}/${path}`]?.post, `${path} is a route of the API`);
        const target = await customer();
        const answer = await operator.browser.post(`${t.adminUrl}/admin/v1/accounts/${target.id}/${path}`, why, { 'x-csrf-token': csrf });
        if (destructive) {
          assert.equal(answer.status, 403, path);
          assert.equal(answer.json.code, 'admin.fresh_proof_required', path);
        } else assert.notEqual(answer.json?.code, 'admin.fresh_proof_required', path);
      }
    });

    it('serves its pages on the admin listener only, under a strict CSP', async () => {
      for (const path of [
        '/console/',
        '/console',
        '/console/accounts/x',
        '/console/sign-in',
        '/console/session',
        '/console/assets/app.js',
      ]) {
        // Redirects followed: "/console/" is first made canonical ("/console"), as every public path is.
        const answer = await fetch(`${t.url}${path}`);
        assert.equal(answer.status, 404, `${path} on the public port`);
        assert.doesNotMatch(await answer.text(), /Operator console|document\.title/);
      }
      for (const path of ['/console/', '/console/accounts/some-id', '/console/audit']) {
        const page = await fetch(`${t.adminUrl}${path}`);
        assert.equal(page.status, 200, path);
        assert.match(await page.text(), /Operator console \(test build\)/);
        assert.equal(page.headers.get('content-security-policy'), consoleCsp);
        assert.match(consoleCsp, /script-src 'self';/);
        assert.doesNotMatch(consoleCsp, /unsafe-inline|unsafe-eval/);
        assert.match(consoleCsp, /frame-ancestors 'none'/);
        assert.equal(page.headers.get('x-frame-options'), 'DENY');
      }
      const script = await fetch(`${t.adminUrl}/console/assets/app.js`);
      assert.equal(script.status, 200);
      assert.match(script.headers.get('content-type') ?? '', /javascript/);
      assert.equal((await fetch(`${t.adminUrl}/console/assets/gone-1234.js`)).status, 404, 'a missing script is not the page');
      const api = await fetch(`${t.adminUrl}/admin/v1/openapi.json`);
      assert.equal(api.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
    });
  });
}

describe('operator console behind a proxy', () => {
  it('sends the provider back to ADMIN_URL, the address the operators open', async () => {
    const t = await startBehindProxy({ env: { CONSOLE_ROOT: consoleBuild, ADMIN_URL: 'https://ops.example.test' } });
    try {
      const start = await fetch(`${t.adminUrl}/console/sign-in`, { redirect: 'manual' });
      assert.equal(start.status, 303);
      const authorize = new URL(start.headers.get('location') ?? '');
      assert.equal(authorize.origin, t.url);
      assert.equal(authorize.searchParams.get('redirect_uri'), 'https://ops.example.test/console/callback');
      assert.equal(authorize.searchParams.get('client_id'), 'gatehouse-console');
      assert.match(start.headers.getSetCookie().join('\n'), /gatehouse_console_login=[^;]+;.*Secure/i);
    } finally {
      await t.stop();
    }
  });
});
