import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api } from '@gatehouse/contract';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { eventually, registerAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { freePort } from './support/free-port.ts';
import type { TestClient } from './support/http-client.ts';
import { Receiver } from './support/logout-receiver.ts';
import { codeFlow, discover, registerClient } from './support/oidc-app.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const password = 'correct horse battery';
let counter = 0;
function nextEmail(): string {
  counter += 1;
  return `apps-${Date.now()}-${counter}@example.com`;
}

interface App {
  clientId: string;
  redirectUri: string;
  config: oidc.Configuration;
  receiver: Receiver;
}

for (const dialect of await dialects('behaviour')) {
  describe(`Connected apps on the account page (${dialect})`, () => {
    let t: TestApp;
    let dashboard: App;
    let status: App;
    before(async () => {
      t = await startTestApp({ dialect });
      const app = async (): Promise<App> => {
        const receiver = new Receiver(await freePort());
        await receiver.start();
        const client = await registerClient(t, ['--backchannel-logout-uri', receiver.url]);
        return { ...client, config: await discover(t, client), receiver };
      };
      dashboard = await app();
      status = await app();
    });
    after(async () => {
      await dashboard.receiver.stop();
      await status.receiver.stop();
      await t.stop();
    });

    async function signedInTo(browser: TestClient, app: App) {
      const { tokens } = await codeFlow(app.config, browser, app.redirectUri);
      return { tokens, sid: tokens.claims()?.sid as string };
    }

    it('lists the apps signed in to with first sign-in and last use; an account with none sees none', async () => {
      const browser = visitor(t);
      const account = await registerAccount(t, browser, nextEmail(), password);
      assert.deepEqual((await browser.get(api.connectedApps)).json.data, []);
      const first = await signedInTo(browser, dashboard);
      await signedInTo(browser, dashboard);
      t.clock.advance(60_000);
      await oidc.refreshTokenGrant(dashboard.config, first.tokens.refresh_token ?? '');
      const listed = (await browser.get(api.connectedApps)).json.data as Array<Record<string, string>>;
      assert.equal(listed.length, 1, 'two sign-ins to one app are one line');
      const [only] = listed;
      assert.equal(only?.id, dashboard.clientId);
      assert.equal(only?.name, 'Monitoring dashboard');
      assert.ok(only && String(only.lastUsedAt) > String(only.signedInAt), 'the refresh counts as a use');
      const stranger = visitor(t);
      await registerAccount(t, stranger, nextEmail(), password);
      assert.deepEqual((await stranger.get(api.connectedApps)).json.data, [], `not ${account.id}'s apps`);
    });

    it('counts a userinfo call as a use to the minute, writing nothing within it', async () => {
      const browser = visitor(t);
      await registerAccount(t, browser, nextEmail(), password);
      const { tokens } = await signedInTo(browser, dashboard);
      const lastUsed = async () => ((await browser.get(api.connectedApps)).json.data as Array<Record<string, string>>)[0]?.lastUsedAt;
      const signedIn = await lastUsed();
      assert.ok(signedIn);
      t.clock.advance(30_000);
      await oidc.fetchUserInfo(dashboard.config, tokens.access_token, oidc.skipSubjectCheck);
      assert.equal(await lastUsed(), signedIn, 'half a minute on: the sign-in is the last use still');
      t.clock.advance(30_000);
      await oidc.fetchUserInfo(dashboard.config, tokens.access_token, oidc.skipSubjectCheck);
      assert.ok(String(await lastUsed()) > signedIn, 'a minute on: the call counts as a use');
    });

    it('signs out of one app: its refresh fails, it gets a logout token, the other app and the session keep working', async () => {
      const browser = visitor(t);
      const account = await registerAccount(t, browser, nextEmail(), password);
      const signedOut = await signedInTo(browser, dashboard);
      const kept = await signedInTo(browser, status);
      const ended = await browser.delete(api.connectedApp.replace(':id', dashboard.clientId));
      assert.equal(ended.status, 200, ended.text);

      await assert.rejects(
        oidc.refreshTokenGrant(dashboard.config, signedOut.tokens.refresh_token ?? ''),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );
      const jwks = createRemoteJWKSet(new URL(dashboard.config.serverMetadata().jwks_uri ?? ''), {
        [Symbol.for('allowInsecure')]: true,
      });
      const logout = await eventually(async () => {
        for (const token of dashboard.receiver.tokens) {
          const { payload } = await jwtVerify(token, jwks, { issuer: t.url, audience: dashboard.clientId });
          if (payload.sid === signedOut.sid) return payload;
        }
        return undefined;
      }, 'the logout token');
      assert.equal(logout.sub, account.id);

      const refreshed = await oidc.refreshTokenGrant(status.config, kept.tokens.refresh_token ?? '');
      assert.ok(refreshed.access_token, 'the other app still refreshes');
      assert.equal(status.receiver.tokens.length, 0, 'the other app was told nothing');
      assert.notEqual((await browser.get(api.session)).json.data, null, 'still signed in to Gatehouse');
      const listed = (await browser.get(api.connectedApps)).json.data as Array<{ id: string }>;
      assert.deepEqual(
        listed.map((app) => app.id),
        [status.clientId],
      );
    });

    it('refuses an app the account is not signed in to with its own code, and changes nothing', async () => {
      const browser = visitor(t);
      await registerAccount(t, browser, nextEmail(), password);
      await signedInTo(browser, status);
      const before = await t.deps.db.selectFrom('oidc_grants').select('grant_key').execute();
      const outbox = await t.deps.db.selectFrom('oidc_logout_outbox').select('id').execute();
      for (const id of [dashboard.clientId, 'no-such-app']) {
        const refused = await browser.delete(api.connectedApp.replace(':id', id));
        assert.equal(refused.status, 404);
        assert.equal(refused.json.code, 'oidc.app_not_connected');
      }
      assert.deepEqual(await t.deps.db.selectFrom('oidc_grants').select('grant_key').execute(), before);
      assert.deepEqual(await t.deps.db.selectFrom('oidc_logout_outbox').select('id').execute(), outbox);
      assert.equal((await visitor(t).get(api.connectedApps)).status, 401);
    });
  });
}
