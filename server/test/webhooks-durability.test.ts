import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Db, migrate } from '../src/db/database.ts';
import { issueToken } from '../src/features/tokens/token.service.ts';
import { createEndpoint } from '../src/features/webhooks/webhook.service.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createSecrets } from '../src/lib/secrets.ts';
import { eventually, nextIp, seedAccount } from './support/accounts.ts';
import { dialects, freshDatabase } from './support/databases.ts';
import { spawnServer } from './support/server-process.ts';
import { person, teamPassword } from './support/teams.ts';
import { startBehindProxy, startTestApp, type TestApp } from './support/test-app.ts';
import { testChange, WebhookReceiver } from './support/webhook-receiver.ts';

// Decision 055: an event is written in the transaction of its change, so a server killed with
// SIGKILL in a burst of sign-ups loses none and sends none for a sign-up that did not commit;
// and instances sharing a PostgreSQL database deliver each event once between them.
const password = 'correct horse battery';

for (const dialect of await dialects('persistence')) {
  describe(`webhooks survive kill -9 during sign-ups (${dialect})`, () => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let db: Db;
    const secretKey = randomBytes(32).toString('base64url');
    before(async () => {
      database = await freshDatabase(dialect);
      db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
      await migrate(db);
    });
    after(async () => {
      await db.destroy();
      await database.drop();
    });

    it('announces every sign-up that committed, acknowledged or not, and none that did not', async () => {
      const receiver = new WebhookReceiver();
      await receiver.start();
      const deps = { db, clock: systemClock, secrets: createSecrets(secretKey) };
      const { secret } = await createEndpoint(deps, { url: receiver.url, events: ['account.created'] }, testChange);
      receiver.useSecrets(secret);
      // Pending sign-ups, each with the set-password token its verified link hands out: the burst
      // is their last step, the one that makes the account (support/accounts.ts goes through it all).
      const pending: Array<{ email: string; token: string }> = [];
      for (let i = 0; i < 80; i += 1) {
        const email = `burst${i}.${Date.now()}@example.com`;
        const account = await seedAccount({ deps: { db, clock: systemClock } as TestApp['deps'] }, email);
        pending.push({ email, token: await issueToken(db, systemClock, account.id, 'set_password') });
      }
      const server = await spawnServer({
        DATABASE_URL: database.url,
        SECRET_KEY: secretKey,
        TRUST_PROXY: '127.0.0.1',
        MAIL_POLL_MS: '100',
      });
      const acknowledged: string[] = [];
      let dead = false;
      const worker = async () => {
        for (let next = pending.shift(); next && !dead; next = pending.shift()) {
          try {
            const answer = await fetch(`${server.url}/user/set-password`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
              body: JSON.stringify({ email: next.email, password, token: next.token }),
            });
            await answer.text();
            if (answer.status === 200) acknowledged.push(next.email);
          } catch {
            // cut off by the kill
          }
        }
      };
      const burst = Promise.all(Array.from({ length: 6 }, worker));
      try {
        await eventually(async () => (acknowledged.length >= 20 ? true : undefined), '20 acknowledged sign-ups', 120_000);
      } finally {
        server.child.kill('SIGKILL');
        dead = true;
        assert.equal(await server.exited, 'SIGKILL');
        await burst;
      }

      // Another instance takes over the outbox.
      const t = await startTestApp({ databaseUrl: database.url, env: { SECRET_KEY: secretKey } }).catch(async (error: unknown) => {
        await receiver.stop();
        throw error;
      });
      try {
        const complete = await db.selectFrom('accounts').select(['id', 'email']).where('password_hash', 'is not', null).execute();
        assert.ok(complete.length >= acknowledged.length);
        assert.ok(complete.length < 80, 'the kill came in the middle of the burst');
        // A delivery the killed instance had claimed is free again once its claim (a minute) ran out.
        t.clock.advance(61_000);
        await eventually(
          async () => {
            await t.webhooks.flush();
            return new Set(receiver.events.map((event) => event.data.accountId)).size >= complete.length ? true : undefined;
          },
          `account.created for the ${complete.length} accounts made (${receiver.events.length} received, ${receiver.refused.length} refused)`,
          60_000,
        );
        const announced = new Set(receiver.events.map((event) => event.data.email as string));
        assert.deepEqual(
          [...announced].sort(),
          complete.map((account) => account.email).sort(),
          'one announcement per account made, none other',
        );
        for (const email of acknowledged) assert.ok(announced.has(email), `${email} was acknowledged and announced`);
      } finally {
        await t.stop();
        await receiver.stop();
      }
    });
  });
}

if ((await dialects('persistence')).includes('postgres')) {
  describe('webhooks from two instances on one PostgreSQL database', () => {
    let first: TestApp;
    let second: TestApp;
    let hash: string;
    before(async () => {
      first = await startBehindProxy({ dialect: 'postgres' });
      second = await startTestApp({ databaseUrl: first.databaseUrl, smtp: first.smtp, env: { TRUST_PROXY: '127.0.0.1' } });
      hash = await first.deps.hasher.hash(teamPassword);
    });
    after(async () => {
      await second.stop();
      await first.stop();
    });

    it('delivers each event once between them, in order per account', async () => {
      const receiver = new WebhookReceiver();
      await receiver.start();
      const { secret } = await createEndpoint(first.deps, { url: receiver.url, events: ['account.updated'] }, testChange);
      receiver.useSecrets(secret);
      try {
        const people = [];
        for (let i = 0; i < 6; i += 1) people.push(await person(first, hash, `twin${i}`));
        const rounds = 5;
        await Promise.all(
          people.map(async (someone, i) => {
            for (let round = 1; round <= rounds; round += 1) {
              // Through either instance: both write to the one outbox and both deliver from it.
              const answer = await someone.client.put('/profile', { firstName: `Round ${round}` });
              assert.equal(answer.status, 200, `${i} ${round}`);
              void (round % 2 ? first : second).webhooks.flush();
            }
          }),
        );
        await eventually(async () => {
          await Promise.all([first.webhooks.flush(), second.webhooks.flush()]);
          return receiver.calls.length >= people.length * rounds ? true : undefined;
        }, 'every event');
        await Promise.all([first.webhooks.flush(), second.webhooks.flush()]);
        const ids = receiver.calls.map((call) => call.id);
        assert.equal(ids.length, people.length * rounds);
        assert.equal(new Set(ids).size, ids.length, 'no event delivered twice');
        for (const someone of people) {
          assert.deepEqual(
            receiver.of('account.updated', someone.id).map((event) => event.data.firstName),
            Array.from({ length: rounds }, (_, i) => `Round ${i + 1}`),
          );
        }
      } finally {
        await receiver.stop();
      }
    });
  });
}
