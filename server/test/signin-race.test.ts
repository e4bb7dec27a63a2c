import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { linkIn } from './support/smtp.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// A sign-in checks the password it read, then starts a session. A password change or reset that
// commits in between ends every session, and a sign-in that inserts its own after that must not
// keep it (decision 029). One hash at a time makes the window certain instead of lucky: sign-ins
// keep reading the old hash while the change waits in the hash queue, and check it once the change
// has committed.

const oldPassword = 'Before the change 2026';
const newPassword = 'After the change 2026';

for (const dialect of await dialects('persistence')) {
  describe(`a sign-in in flight never outlives a password change or reset (${dialect})`, () => {
    let t: TestApp;
    let n = 0;
    before(async () => {
      t = await startTestApp({
        dialect,
        env: {
          TRUST_PROXY: '127.0.0.1',
          HASH_CONCURRENCY: '1',
          HASH_QUEUE_TIMEOUT_MS: '60000',
          ARGON2_MEMORY_KIB: '4096',
          ARGON2_TIME_COST: '2',
        },
      });
    });
    after(() => t.stop());

    /** Sign-ins with the old password from four browsers at once, each starting another as soon as one ends, until `done` settles. */
    async function signInsDuring(email: string, done: Promise<unknown>) {
      let settled = false;
      void done.finally(() => {
        settled = true;
      });
      const signedIn: TestClient[] = [];
      const worker = async () => {
        for (let last = false; !last; ) {
          last = settled;
          const client = visitor(t);
          const answer = await client.postForm('/signin', { email, password: oldPassword });
          if (answer.status === 200) signedIn.push(client);
          else assert.ok([401, 429].includes(answer.status), answer.text);
        }
      };
      await Promise.all([worker(), worker(), worker(), worker(), done]);
      return signedIn;
    }

    async function assertNoOldSession(email: string, signedIn: TestClient[], keep: number) {
      const live = [];
      for (const client of signedIn) {
        if ((await client.get('/session')).json.data !== null) live.push(client);
      }
      assert.equal(live.length, 0, `${live.length} of ${signedIn.length} sign-ins with the old password kept a session`);
      const rows = await t.deps.db
        .selectFrom('sessions')
        .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
        .select('sessions.id')
        .where('accounts.email_key', '=', email)
        .execute();
      assert.ok(rows.length >= keep, 'the sessions that should stay are there');
      assert.equal((await visitor(t).postForm('/signin', { email, password: oldPassword })).status, 401);
      assert.equal((await visitor(t).postForm('/signin', { email, password: newPassword })).status, 200);
    }

    it('a signed-in password change', async () => {
      const email = `race-change-${++n}@example.com`;
      await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(oldPassword) });
      const owner = await signIn(t, email, oldPassword);
      const change = owner.post('/account/password', { currentPassword: oldPassword, password: newPassword });
      const signedIn = await signInsDuring(email, change);
      assert.equal((await change).status, 200);
      assert.notEqual((await owner.get('/session')).json.data, null, 'the browser that made the change stays signed in');
      await assertNoOldSession(email, signedIn, 1);
    });

    it('a reset by the mailed link', async () => {
      const email = `race-reset-${++n}@example.com`;
      await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(oldPassword) });
      assert.equal((await visitor(t).post('/user/init-password-reset', { email })).status, 200);
      const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/reset?token='));
      const token = linkIn(mail, `${t.url}/reset?`).searchParams.get('token');
      const reset = visitor(t).post('/user/password-reset', { token, password: newPassword });
      const signedIn = await signInsDuring(email, reset);
      assert.equal((await reset).status, 200);
      await assertNoOldSession(email, signedIn, 0);
    });
  });
}
