import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { revokePanel } from '../src/features/panels/panel.repository.ts';
import { iso } from '../src/lib/clock.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { seedAccount, visitor } from './support/accounts.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { panelBrowser, registerPanel, type TestPanel } from './support/panels.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

const password = 'Platform license secret 3';

for (const dialect of await dialects('persistence')) {
  describe(`platform licenses, activated from their panel (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let panel: TestPanel;
    let otherPanel: TestPanel;
    let n = 0;
    /** A person signed in from a panel's page (which links them to one of its users). */
    const panelUser = async (from: TestPanel) => {
      n += 1;
      const email = `platform${n}@example.com`;
      const { id } = await seedAccount(t, email, { passwordHash: hash });
      const browser = panelBrowser(t, from.origin);
      const answer = await browser.post('/user/signin', { email, password, apiKey: from.apiKey, userId: `panel-user-${n}` });
      assert.equal(answer.status, 200, answer.text);
      return { id, email, browser };
    };
    const platformKey = async (panelId: string) =>
      (await createLicenses(t.deps.db, t.deps.clock, { plan: 'business', count: 1, kind: 'platform', panelId }))[0] ?? '';
    const activate = (client: TestClient, license: string, apiKey?: string) =>
      client.post('/license/activate', { license }, apiKey === undefined ? {} : { 'x-api-key': apiKey });

    before(async () => {
      ({ t, hash } = await startWithHash(dialect, password));
      panel = await registerPanel(t);
      otherPanel = await registerPanel(t, 'plesk');
    });
    after(() => t.stop());

    it('is activated by a signed-in user of its panel, with the apiKey in X-API-KEY or in the body', async () => {
      const { browser } = await panelUser(panel);
      const key = await platformKey(panel.id);
      const answer = await activate(browser, key, panel.apiKey);
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.data.kind, 'platform');
      assert.equal(answer.json.data.status, 'active');
      assert.equal(answer.headers.get('access-control-allow-origin'), panel.origin);
      assert.equal((await activate(browser, key, panel.apiKey)).status, 200, 'idempotent for its holder');

      const second = await panelUser(panel);
      const viaBody = await second.browser.post('/license/activate', { license: await platformKey(panel.id), apiKey: panel.apiKey });
      assert.equal(viaBody.status, 200, viaBody.text);
    });

    it('refuses users of another panel, standalone key entry, unlinked accounts and revoked installations', async () => {
      const key = await platformKey(panel.id);
      const stranger = await panelUser(otherPanel);
      const fromOther = await activate(stranger.browser, key, otherPanel.apiKey);
      assert.deepEqual([fromOther.status, fromOther.json.code], [403, 'license.wrong_panel']);
      assert.equal(fromOther.json.error, 'This license belongs to another hosting panel. Activate it from the panel it was issued for');
      // The right key from the other panel's page is not that panel's key: refused.
      const borrowed = await activate(stranger.browser, key, panel.apiKey);
      assert.deepEqual([borrowed.status, borrowed.json.code], [401, 'panel.invalid_key']);

      // A standalone account (never signed in from this panel) typing the key, with or without the apiKey.
      const email = `standalone-${dialect}@example.com`;
      await seedAccount(t, email, { passwordHash: hash });
      const standalone = visitor(t);
      assert.equal((await standalone.postForm('/signin', { email, password })).status, 200);
      const typed = await activate(standalone, key);
      assert.deepEqual([typed.status, typed.json.code], [403, 'license.activation_failed']);
      const unlinked = await activate(standalone, key, panel.apiKey);
      assert.deepEqual([unlinked.status, unlinked.json.code], [403, 'license.wrong_panel']);
      assert.deepEqual([(await activate(standalone, key, 'ghp_unknown')).json.code], ['panel.invalid_key']);

      const gone = await registerPanel(t);
      const goneKey = await platformKey(gone.id);
      const goneUser = await panelUser(gone);
      await revokePanel(t.deps.db, gone.id, iso(t.deps.clock.now()));
      const afterRevoke = await activate(visitor(t), goneKey, gone.apiKey);
      assert.equal(afterRevoke.status, 401, 'signed out first');
      assert.equal((await activate(goneUser.browser, goneKey, gone.apiKey)).status, 403, 'its origin is foreign now');

      const holders = await t.deps.db
        .selectFrom('licenses')
        .select('account_id')
        .where('key_hash', 'in', [sha256(key), sha256(goneKey)])
        .execute();
      assert.deepEqual(
        holders.map((row) => row.account_id),
        [null, null],
        'nobody got either license',
      );
      assert.equal((await stranger.browser.get('/license', { 'x-api-key': otherPanel.apiKey })).json.data, null);
    });

    it('is issued with the admin CLI to a panel and given to exactly one of 24 of its users activating at once', async () => {
      const created = await runAdmin(['license', 'create', '--plan', 'pro', '--platform', 'cpanel', '--panel', panel.id], t.databaseUrl);
      assert.equal(created.code, 0, created.stderr);
      const key = created.lines.at(-1) ?? '';
      const people: Array<Awaited<ReturnType<typeof panelUser>>> = [];
      for (let i = 0; i < 24; i += 1) people.push(await panelUser(panel));
      const answers = await Promise.all(people.map((person) => activate(person.browser, key, panel.apiKey)));
      const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [people[i]] : []));
      assert.equal(winners.length, 1, answers.map((answer) => answer.status).join(' '));
      for (const loser of answers.filter((answer) => answer.status !== 200)) {
        assert.deepEqual([loser.status, loser.json.code], [409, 'license.taken']);
      }
      const holders = await t.deps.db.selectFrom('licenses').select('account_id').where('key_hash', '=', sha256(key)).execute();
      assert.deepEqual(
        holders.map((row) => row.account_id),
        [winners[0]?.id],
      );
    });
  });
}
