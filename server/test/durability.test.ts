import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Db } from '../src/db/database.ts';
import { nextIp } from './support/accounts.ts';
import { dialects, freshDatabase } from './support/databases.ts';
import { spawnServer } from './support/server-process.ts';

// SECURITY.md, durability: a 2xx means committed. A real server process takes a stream of
// sign-ups and is killed with SIGKILL in the middle of it; afterwards every acknowledged account
// is there, and every account there is whole (its consent, its link, its mail, its audit row).
const maxRequests = 300;
const workers = 6;

interface Stream {
  acknowledged: string[];
  sent: number;
  failedAfterKill: number;
}

/** Sign-ups from `workers` parallel clients until the server dies or maxRequests were sent. */
async function signupStream(url: string, killAfter: number, kill: () => void): Promise<Stream> {
  const stream: Stream = { acknowledged: [], sent: 0, failedAfterKill: 0 };
  let dead = false;
  const worker = async () => {
    while (!dead && stream.sent < maxRequests) {
      stream.sent += 1;
      const email = `stream${String(stream.sent).padStart(4, '0')}@example.com`;
      try {
        const answer = await fetch(`${url}/user/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
          body: JSON.stringify({ email, dataProcessingConsent: true }),
          signal: AbortSignal.timeout(5000),
        });
        await answer.text();
        if (answer.status === 200) stream.acknowledged.push(email);
        else throw new Error(`sign-up answered ${answer.status}`);
      } catch (error) {
        if (!dead) throw error;
        stream.failedAfterKill += 1;
      }
      if (!dead && stream.acknowledged.length >= killAfter) {
        dead = true;
        kill();
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return stream;
}

/** Accounts that lack any part a sign-up writes in its one transaction. */
async function halfMadeAccounts(db: Db): Promise<string[]> {
  const accounts = await db.selectFrom('accounts').select(['id', 'email']).execute();
  const count = async (table: 'consents' | 'one_time_tokens' | 'auth_events', id: string) =>
    (await db.selectFrom(table).select('id').where('account_id', '=', id).execute()).length;
  const broken: string[] = [];
  for (const account of accounts) {
    const mails = await db.selectFrom('mail_outbox').select('kind').where('to_address', '=', account.email).execute();
    const parts = [
      await count('consents', account.id),
      await count('one_time_tokens', account.id),
      await count('auth_events', account.id),
      mails.length,
    ];
    // One consent: the processing of the typed address (the owner's own come at completion).
    if (parts.join() !== '1,1,1,1') broken.push(`${account.email}: consents, tokens, events, mails = ${parts.join(', ')}`);
  }
  return broken;
}

for (const dialect of await dialects()) {
  describe(`kill -9 during sign-ups (${dialect})`, () => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let db: Db;
    before(async () => {
      database = await freshDatabase(dialect);
      db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    });
    after(async () => {
      await db.destroy();
      await database.drop();
    });

    if (dialect === 'sqlite') {
      it('opens SQLite in WAL mode with synchronous=FULL', async () => {
        // The app's own dialect opens this connection; a kill -9 alone cannot tell FULL from NORMAL.
        const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
        const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
        assert.equal(mode.rows[0]?.journal_mode, 'wal');
        assert.equal(sync.rows[0]?.synchronous, 2, 'FULL');
      });
    }

    it('loses no acknowledged account and leaves no half-made one', async () => {
      const env = { DATABASE_URL: database.url, TRUST_PROXY: '127.0.0.1' };
      const server = await spawnServer(env);
      const killAfter = 25 + Math.floor(Math.random() * 20);
      const stream = await signupStream(server.url, killAfter, () => server.child.kill('SIGKILL'));
      assert.equal(await server.exited, 'SIGKILL');

      const rows = await db.selectFrom('accounts').select('email').execute();
      const stored = new Set(rows.map((row) => row.email));
      const lost = stream.acknowledged.filter((email) => !stored.has(email));
      console.log(
        `# ${dialect}: killed after ${stream.acknowledged.length} acknowledged sign-ups (${stream.sent} sent, ${stream.failedAfterKill} cut off); ` +
          `${rows.length} accounts stored, ${lost.length} lost`,
      );
      assert.ok(stream.acknowledged.length >= killAfter, 'the stream ran until the kill');
      assert.ok(stream.failedAfterKill > 0, 'requests were in flight when the process died');
      assert.deepEqual(lost, [], 'acknowledged accounts are all there');
      assert.deepEqual(await halfMadeAccounts(db), [], 'every stored account is whole');

      // The same database serves again after the crash, without repair.
      const again = await spawnServer(env);
      try {
        const answer = await fetch(`${again.url}/user/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
          body: JSON.stringify({ email: 'after-crash@example.com', dataProcessingConsent: true }),
        });
        assert.equal(answer.status, 200);
      } finally {
        again.child.kill('SIGTERM');
        await again.exited;
      }
      assert.deepEqual(await halfMadeAccounts(db), []);
    });
  });
}
