import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { revokeLicenseByHash } from '../src/features/licenses/license.repository.ts';
import { createLicenses, type NewLicenses } from '../src/features/licenses/license.service.ts';
import { iso } from '../src/lib/clock.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { signedInAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

const password = 'License secret 2026';

for (const dialect of await dialects('persistence')) {
  describe(`licenses (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    const member = () => signedInAccount(t, { hash, password, prefix: 'licensee' });
    const newKey = async (options: Partial<NewLicenses> = {}) =>
      (await createLicenses(t.deps.db, t.deps.clock, { plan: 'pro', count: 1, kind: 'standalone', ...options }))[0] ?? '';

    before(async () => ({ t, hash } = await startWithHash(dialect, password)));
    after(() => t.stop());

    it('answers 404 for an unknown key and 400 for a malformed one', async () => {
      const unknown = await visitor(t).get('/license/GH-0000-0000-0000-0000');
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.json, { error: 'This license key does not exist', code: 'license.not_found' });
      for (const malformed of ['nonsense', 'GH-0000-0000-0000', `GH-${'A'.repeat(80)}`]) {
        const answer = await visitor(t).get(`/license/${malformed}`);
        assert.equal(answer.status, 400, malformed);
        assert.equal(answer.json.code, 'validation.license_invalid');
      }
      const { client } = await member();
      assert.equal((await client.post('/license/activate', { license: 'GH-0000-0000-0000-0000' })).json.code, 'license.not_found');
      assert.equal((await client.post('/license/activate', { license: 'GH-12' })).json.code, 'validation.license_invalid');
    });

    it('activates only for a signed-in account', async () => {
      const key = await newKey();
      const answer = await visitor(t).post('/license/activate', { license: key });
      assert.equal(answer.status, 401);
      assert.equal(answer.json.code, 'auth.session_required');
      assert.equal((await visitor(t).get(`/license/${key}`)).json.data.status, 'available');
    });

    it('refuses revoked and expired keys', async () => {
      const { client } = await member();
      const revoked = await newKey();
      assert.ok(await revokeLicenseByHash(t.deps.db, sha256(revoked), iso(t.deps.clock.now())));
      const expired = await newKey({ expiresAt: iso(new Date(t.deps.clock.now().getTime() - 60_000)) });
      for (const [key, code, status] of [
        [revoked, 'license.revoked', 'revoked'],
        [expired, 'license.expired', 'expired'],
      ]) {
        const answer = await client.post('/license/activate', { license: key });
        assert.equal(answer.status, 409);
        assert.equal(answer.json.code, code);
        assert.equal((await visitor(t).get(`/license/${key}`)).json.data.status, status);
      }
      assert.equal((await client.get('/license')).json.data, null);
    });

    it('refuses a key another account holds, and the preview never names the holder', async () => {
      const holder = await member();
      const key = await newKey({ plan: 'enterprise' });
      assert.equal((await holder.client.post('/license/activate', { license: key })).status, 200);
      const other = await member();
      const taken = await other.client.post('/license/activate', { license: key });
      assert.equal(taken.status, 409);
      assert.deepEqual(taken.json, { error: 'This license is already in use by another account', code: 'license.taken' });

      for (const client of [visitor(t), other.client]) {
        const preview = await client.get(`/license/${key}`);
        assert.deepEqual(Object.keys(preview.json.data).sort(), ['expiresAt', 'kind', 'limits', 'plan', 'status']);
        assert.equal(preview.json.data.status, 'active');
        for (const secret of [holder.email, holder.id, 'licensee']) assert.ok(!preview.text.includes(secret), `preview shows ${secret}`);
      }
    });

    it('gives one account one license', async () => {
      const { client } = await member();
      const [first, second] = [await newKey(), await newKey({ plan: 'business' })];
      assert.equal((await client.post('/license/activate', { license: first })).status, 200);
      const again = await client.post('/license/activate', { license: second });
      assert.equal(again.status, 409);
      assert.equal(again.json.code, 'license.account_has_license');
      assert.equal((await client.get('/license')).json.data.plan, 'pro');
      assert.equal((await visitor(t).get(`/license/${second}`)).json.data.status, 'available', 'the second key stays free');
    });

    it('refuses a platform key outside its panel', async () => {
      const panel = { id: crypto.randomUUID(), name: 'Host A', platform: 'cpanel' as const, api_key_hash: sha256('k'), origins: '[]' };
      await t.deps.db
        .insertInto('panels')
        .values({ ...panel, created_at: iso(t.deps.clock.now()), revoked_at: null })
        .execute();
      const key = await newKey({ kind: 'platform', panelId: panel.id });
      const { client } = await member();
      const answer = await client.post('/license/activate', { license: key });
      assert.equal(answer.status, 403);
      assert.equal(answer.json.code, 'license.activation_failed');
    });

    it('gives a key to exactly one of 50 accounts activating it at once', async () => {
      const people: Array<Awaited<ReturnType<typeof member>>> = [];
      for (let i = 0; i < 50; i += 1) people.push(await member());
      const key = await newKey({ plan: 'business' });
      const answers = await Promise.all(people.map((person) => person.client.post('/license/activate', { license: key })));
      const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [people[i]] : []));
      assert.equal(winners.length, 1, answers.map((answer) => answer.status).join(' '));
      const losers = answers.filter((answer) => answer.status !== 200);
      assert.equal(losers.length, 49);
      for (const loser of losers) assert.deepEqual([loser.status, loser.json.code], [409, 'license.taken']);

      const holders = await t.deps.db.selectFrom('licenses').select('account_id').where('key_hash', '=', sha256(key)).execute();
      assert.deepEqual(
        holders.map((row) => row.account_id),
        [winners[0]?.id],
      );
      const held = await Promise.all(people.map(async (person) => (await person.client.get('/license')).json.data));
      assert.equal(held.filter((license) => license !== null).length, 1, 'one person sees the license as theirs');
    });

    it('gives one account at most one of 10 keys it activates at once', async () => {
      const { client } = await member();
      const keys = await createLicenses(t.deps.db, t.deps.clock, { plan: 'pro', count: 10, kind: 'standalone' });
      const answers = await Promise.all(keys.map((license) => client.post('/license/activate', { license })));
      assert.equal(answers.filter((answer) => answer.status === 200).length, 1, answers.map((answer) => answer.status).join(' '));
      for (const answer of answers.filter((a) => a.status !== 200)) assert.equal(answer.json.code, 'license.account_has_license');
      const taken = await t.deps.db
        .selectFrom('licenses')
        .select('id')
        .where('key_hash', 'in', keys.map(sha256))
        .where('account_id', 'is not', null)
        .execute();
      assert.equal(taken.length, 1);
    });
  });
}
