import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signedInAccount } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

const password = 'Sweep secret 2026';
const day = 86_400_000;

// Every sign-in writes a session row; the ones nobody can use again go within the hour, the
// live ones stay.
for (const dialect of await dialects('persistence')) {
  describe(`ended sessions are deleted (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    before(async () => {
      ({ t, hash } = await startWithHash(dialect, password));
    });
    after(() => t.stop());

    const sessionsOf = async (accountId: string) =>
      (await t.deps.db.selectFrom('sessions').select('id').where('account_id', '=', accountId).execute()).length;

    it('deletes expired sessions and those of a credential since replaced, and keeps the live ones', async () => {
      const idle = await signedInAccount(t, { hash, password, prefix: 'idle' });
      t.clock.advance(8 * day);
      const live = await signedInAccount(t, { hash, password, prefix: 'live' });
      const replaced = await signedInAccount(t, { hash, password, prefix: 'replaced' });
      await t.deps.db.updateTable('accounts').set({ credential_generation: 7 }).where('id', '=', replaced.id).execute();
      assert.deepEqual([await sessionsOf(idle.id), await sessionsOf(live.id), await sessionsOf(replaced.id)], [1, 1, 1]);

      await t.sessionSweep.flush();
      assert.deepEqual([await sessionsOf(idle.id), await sessionsOf(live.id), await sessionsOf(replaced.id)], [0, 1, 0]);
      assert.ok((await live.client.get('/session')).json.data, 'the live session still signs in');
    });

    it('deletes two-factor challenges past their five minutes, and keeps the pending ones', async () => {
      const { id } = await signedInAccount(t, { hash, password, prefix: 'challenged' });
      const challenge = (name: string, expires: number) => ({
        id: name,
        token_hash: `${name}-hash`,
        account_id: id,
        credential_generation: 0,
        amr: 'pwd',
        attempts: 0,
        panel_id: null,
        panel_user_id: null,
        expires_at: new Date(t.clock.now().getTime() + expires).toISOString(),
        consumed_at: null,
        created_at: t.clock.now().toISOString(),
      });
      await t.deps.db
        .insertInto('two_factor_challenges')
        .values([challenge(`old-${dialect}`, -1000), challenge(`new-${dialect}`, 300_000)])
        .execute();
      await t.sessionSweep.flush();
      const left = await t.deps.db.selectFrom('two_factor_challenges').select('id').where('account_id', '=', id).execute();
      assert.deepEqual(
        left.map((row) => row.id),
        [`new-${dialect}`],
      );
    });
  });
}
