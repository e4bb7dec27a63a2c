import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { revokePanel } from '../src/features/panels/panel.repository.ts';
import { iso } from '../src/lib/clock.ts';
import { freshEmail, headerLines, nextIp, seedAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { panelBrowser, registerPanel, type TestPanel } from './support/panels.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

const password = 'Panel sign-in secret 7';
const invalid = { error: 'Invalid email and password', code: 'auth.invalid_credentials' };
const invalidKey = {
  error: 'The panel installation is not registered or has been revoked',
  code: 'panel.invalid_key',
  fields: { apiKey: 'panel.invalid_key' },
};

for (const dialect of await dialects('persistence')) {
  describe(`control-panel sign-in and profile (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let panel: TestPanel;
    const account = async () => {
      const email = freshEmail('cpuser');
      return { email, id: (await seedAccount(t, email, { passwordHash: hash })).id };
    };
    const linkOf = (userId: string) =>
      t.deps.db
        .selectFrom('panel_accounts')
        .selectAll()
        .where('panel_id', '=', panel.id)
        .where('panel_user_id', '=', userId)
        .executeTakeFirst();

    before(async () => {
      ({ t, hash } = await startWithHash(dialect, password));
      panel = await registerPanel(t);
    });
    after(() => t.stop());

    it('signs in with the password from the panel page, links the panel user and sets a cross-site cookie', async () => {
      const { email, id } = await account();
      const browser = panelBrowser(t, panel.origin);
      const answer = await browser.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'u-1' });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.data.email, email);
      assert.equal(answer.headers.get('access-control-allow-origin'), panel.origin);
      assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
      const cookie = answer.headers.getSetCookie()[0] ?? '';
      assert.match(cookie, /^__Host-gatehouse_session=/);
      assert.match(cookie, /; Secure/);
      assert.match(cookie, /; HttpOnly/);
      assert.match(cookie, /; Path=\//);
      assert.match(cookie, /; SameSite=None/);
      assert.equal((await linkOf('u-1'))?.account_id, id);
      assert.equal((await browser.get('/session')).json.data.account.email, email);

      // The same call without a panel page around it (curl, same site) keeps the Lax cookie.
      const direct = await visitor(t).post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'u-1' });
      assert.equal(direct.status, 200, direct.text);
      assert.match(direct.headers.getSetCookie()[0] ?? '', /; SameSite=Lax/);
    });

    it('points a panel user at the account that last signed in with its password', async () => {
      const first = await account();
      const second = await account();
      for (const person of [first, second]) {
        const answer = await panelBrowser(t, panel.origin).post('/user/signin', {
          email: person.email,
          password,
          apiKey: panel.apiKey,
          userId: 'shared-user',
        });
        assert.equal(answer.status, 200, answer.text);
        assert.equal((await linkOf('shared-user'))?.account_id, person.id);
      }
    });

    it('answers a wrong password and an unknown e-mail alike, as POST /signin does, and links nobody', async () => {
      const { email } = await account();
      const body = { apiKey: panel.apiKey, userId: 'u-wrong' };
      const wrong = await visitor(t).post('/user/signin', { ...body, email, password: 'Not the password' });
      const unknown = await visitor(t).post('/user/signin', { ...body, email: 'nobody42@example.com', password: 'Not the password' });
      const standalone = await visitor(t).postForm('/signin', { email, password: 'Not the password' });
      for (const answer of [wrong, unknown, standalone]) {
        assert.equal(answer.status, 401);
        assert.deepEqual(answer.json, invalid);
        assert.deepEqual(answer.headers.getSetCookie(), []);
      }
      assert.deepEqual(headerLines(unknown.headers), headerLines(wrong.headers));
      assert.equal(await linkOf('u-wrong'), undefined);
    });

    it('shares the failure count of POST /signin: 10 failures make the pair wait, whichever call made them', async () => {
      const { email } = await account();
      const ip = nextIp();
      const client = t.client({ 'x-forwarded-for': ip });
      for (let i = 0; i < 10; i += 1) {
        const failed =
          i % 2 === 0
            ? await client.post('/user/signin', { email, password: 'Wrong one', apiKey: panel.apiKey, userId: 'u-2' })
            : await client.postForm('/signin', { email, password: 'Wrong one' });
        assert.equal(failed.status, 401);
      }
      const waiting = await client.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'u-2' });
      assert.equal(waiting.status, 429);
      assert.equal(waiting.json.code, 'rate.limited');
      assert.ok(Number(waiting.headers.get('retry-after')) > 0);
    });

    it('refuses an unknown, revoked or foreign apiKey with its own code, before any password is tried', async () => {
      const { email } = await account();
      const other = await registerPanel(t, 'plesk');
      const gone = await registerPanel(t);
      assert.ok(await revokePanel(t.deps.db, gone.id, iso(t.deps.clock.now())));
      const count = async (table: 'sessions' | 'auth_events') => (await t.deps.db.selectFrom(table).select('id').execute()).length;
      const before = { sessions: await count('sessions'), events: await count('auth_events') };
      const attempts = [
        visitor(t).post('/user/signin', { email, password, apiKey: 'ghp_not-a-registered-key', userId: 'u-3' }),
        visitor(t).post('/user/signin', { email, password, apiKey: gone.apiKey, userId: 'u-3' }),
        panelBrowser(t, gone.origin).post('/user/signin', { email, password, apiKey: gone.apiKey, userId: 'u-3' }),
        // From one panel's page with another panel's key.
        panelBrowser(t, panel.origin).post('/user/signin', { email, password, apiKey: other.apiKey, userId: 'u-3' }),
      ];
      for (const answer of await Promise.all(attempts)) {
        assert.ok([401, 403].includes(answer.status), answer.text);
        assert.deepEqual(answer.headers.getSetCookie(), []);
      }
      const [unknown, revoked, fromRevokedOrigin, foreign] = await Promise.all(attempts);
      assert.deepEqual([unknown?.status, unknown?.json], [401, invalidKey]);
      assert.deepEqual([revoked?.status, revoked?.json], [401, invalidKey]);
      // A revoked installation's origin is foreign again: refused before the call runs.
      assert.deepEqual([fromRevokedOrigin?.status, fromRevokedOrigin?.json.code], [403, 'request.cross_site']);
      assert.deepEqual([foreign?.status, foreign?.json], [401, invalidKey]);
      assert.equal(await linkOf('u-3'), undefined);
      // The key is checked first: none of these got to the password (no session, no sign-in event).
      assert.deepEqual({ sessions: await count('sessions'), events: await count('auth_events') }, before);
    });

    it('checks the payload with the contract: apiKey and userId are required', async () => {
      const { email } = await account();
      const noKey = await visitor(t).post('/user/signin', { email, password, userId: 'u-4' });
      assert.equal(noKey.status, 400);
      assert.deepEqual(noKey.json.fields, { apiKey: 'panel.invalid_key' });
      const noUser = await visitor(t).post('/user/signin', { email, password, apiKey: panel.apiKey });
      assert.equal(noUser.status, 400);
      assert.deepEqual(noUser.json.fields, { userId: 'panel.invalid_key' });
      const noPassword = await visitor(t).post('/user/signin', { email, password: '', apiKey: panel.apiKey, userId: 'u-4' });
      assert.equal(noPassword.json.code, 'validation.password_required');
      assert.equal(
        (await visitor(t).post('/user/signin', { email: 'x', password, apiKey: panel.apiKey, userId: 'u' })).json.code,
        'validation.email_invalid',
      );
    });

    it('saves the profile with PUT /user/profile only with an active key in X-API-KEY', async () => {
      const { email } = await account();
      const browser = panelBrowser(t, panel.origin);
      assert.equal((await browser.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'u-5' })).status, 200);
      const profile = { firstName: 'Grace', familyName: 'Hopper', consent: true, analyticsConsent: false };

      const gone = await registerPanel(t);
      await revokePanel(t.deps.db, gone.id, iso(t.deps.clock.now()));
      const refusedHeaders: Array<Record<string, string>> = [
        {},
        { 'x-api-key': 'ghp_wrong' },
        { 'x-api-key': gone.apiKey },
        { 'x-api-key': '' },
      ];
      for (const headers of refusedHeaders) {
        const refused = await browser.put('/user/profile', { ...profile, firstName: 'Mallory' }, headers);
        assert.equal(refused.status, 401, JSON.stringify(headers));
        assert.deepEqual(refused.json, invalidKey);
        assert.equal(refused.headers.get('access-control-allow-origin'), panel.origin, 'the panel page can read why');
      }
      assert.equal((await browser.get('/session')).json.data.account.firstName, null, 'nothing changed');

      const saved = await browser.put('/user/profile', profile, { 'x-api-key': panel.apiKey });
      assert.equal(saved.status, 200, saved.text);
      for (const key of ['firstName', 'familyName', 'consent', 'analyticsConsent'] as const) {
        assert.equal(saved.json.data[key], profile[key], key);
      }
      // The same answer as PUT /profile gives for the same payload.
      const plain = await browser.put('/profile', profile, { 'x-api-key': panel.apiKey });
      assert.deepEqual(plain.json, saved.json);

      const signedOut = await panelBrowser(t, panel.origin).put('/user/profile', profile, { 'x-api-key': panel.apiKey });
      assert.equal(signedOut.status, 401);
      assert.equal(signedOut.json.code, 'auth.session_required');
    });
  });
}
