import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { emitEvent } from '../src/features/webhooks/emit.ts';
import { webhookEventTypes } from '../src/features/webhooks/events.ts';
import { createEndpoint, rotateWebhookSecret } from '../src/features/webhooks/webhook.service.ts';
import { retrySchedule } from '../src/features/webhooks/webhook-worker.ts';
import { addMs, iso } from '../src/lib/clock.ts';
import { eventually, freshEmail, registerAccount, visitor } from './support/accounts.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects } from './support/databases.ts';
import { codeFlow, discover, registerClient } from './support/oidc-app.ts';
import { person, seedInvitation, teamPassword } from './support/teams.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';
import { type ReceivedEvent, testChange, WebhookReceiver } from './support/webhook-receiver.ts';

// Webhooks for the monitoring backend (decision 055, docs/webhooks.md): every event is produced by
// the real action (HTTP or the admin CLI), and a receiver verifies each with the standardwebhooks
// package. Retries are driven by the test clock: no test waits for a backoff.
const password = 'correct horse battery';
const metricsToken = 'metrics-token-for-webhook-tests';
/** Every type the suites below received: the last test requires the whole registry. */
const produced = new Set<string>();

/** Every account's events arrived with data.seq strictly increasing. */
function assertOrderedPerAccount(events: ReceivedEvent[]): void {
  const last = new Map<string, number>();
  for (const event of events) {
    const account = event.data.accountId as string | undefined;
    if (!account) continue;
    const seq = event.data.seq as number;
    assert.ok(seq > (last.get(account) ?? 0), `${event.type} of ${account} came with seq ${seq} after ${last.get(account)}`);
    last.set(account, seq);
  }
}

for (const dialect of await dialects('persistence')) {
  describe(`webhooks (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let receiver: WebhookReceiver;
    let endpointId: string;
    before(async () => {
      t = await startBehindProxy({ dialect, env: { METRICS_TOKEN: metricsToken, LOG_LEVEL: process.env.WEBHOOK_TEST_LOG ?? 'silent' } });
      hash = await t.deps.hasher.hash(teamPassword);
      receiver = new WebhookReceiver();
      await receiver.start();
      const created = await runAdmin(['webhook', 'create', '--url', receiver.url, '--description', 'monitoring', '--json'], t.databaseUrl);
      assert.equal(created.code, 0, created.stderr);
      const { id, secret } = JSON.parse(created.stdout) as { id: string; secret: string };
      assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/, 'Standard Webhooks form: whsec_ and 32 bytes in base64');
      receiver.useSecrets(secret);
      endpointId = id;
    });
    after(async () => {
      for (const event of receiver.events) produced.add(event.type);
      await receiver.stop();
      await t.stop();
    });

    const flush = () => t.webhooks.flush();
    const waitFor = (type: string, accountId?: string, count = 1) =>
      eventually(
        async () => {
          await flush();
          const found = receiver.of(type, accountId);
          return found.length >= count ? found : undefined;
        },
        `${count} ${type} for ${accountId ?? 'anyone'}`,
      );

    it('announces a password sign-up, a profile change and a license with its plan, signed and in order', async () => {
      const email = freshEmail('hook');
      const browser = visitor(t);
      const { id } = await registerAccount(t, browser, email, password);
      const [created] = await waitFor('account.created', id);
      assert.deepEqual(created?.data, {
        accountId: id,
        email,
        firstName: null,
        familyName: null,
        locale: 'en',
        method: 'password',
        seq: 1,
      });
      assert.equal(receiver.refused.length, 0);

      assert.equal((await browser.put('/profile', { firstName: 'Ada', familyName: 'Lovelace' })).status, 200);
      const [updated] = await waitFor('account.updated', id);
      assert.deepEqual(updated?.data, { accountId: id, email, firstName: 'Ada', familyName: 'Lovelace', seq: 2 });

      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'business', count: 1, kind: 'standalone' });
      assert.equal((await browser.post('/license/activate', { license: key })).status, 200);
      const [activated] = await waitFor('license.activated', id);
      assert.equal(activated?.data.plan, 'business');
      assert.deepEqual(activated?.data.limits, { servers: 50, websites: 250 });
      assert.ok(!JSON.stringify(receiver.events).includes(key.slice(3)), 'no license key is ever sent');
      const [entitled] = await waitFor('entitlements.changed', id);
      assert.deepEqual(entitled?.data, {
        accountId: id,
        plan: 'business',
        limits: { servers: 50, websites: 250 },
        source: 'own',
        teamId: null,
        seq: 4,
      });

      // The CLI revokes it: the holder's plan goes with it.
      const revoked = await runAdmin(['license', 'revoke', key], t.databaseUrl);
      assert.equal(revoked.code, 0, revoked.stderr);
      const [gone] = await waitFor('license.revoked', id);
      assert.equal(gone?.data.plan, 'business');
      const changes = await waitFor('entitlements.changed', id, 2);
      assert.deepEqual(changes[1]?.data, { accountId: id, plan: null, limits: null, source: 'none', teamId: null, seq: 6 });
      assertOrderedPerAccount(receiver.events);
    });

    it("announces joining and leaving a team with the member's plan through the team", async () => {
      const owner = await person(t, hash, 'owner');
      const member = await person(t, hash, 'member');
      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'pro', count: 1, kind: 'standalone' });
      assert.equal((await owner.client.post('/license/activate', { license: key })).status, 200);
      const { token } = await seedInvitation(t, owner.teamId, member.email);
      assert.equal((await member.client.post(`/invitations/${token}/accept`)).status, 200);
      const [added] = await waitFor('team.member_added', member.id);
      assert.deepEqual(added?.data, { accountId: member.id, teamId: owner.teamId, role: 'member', seq: added?.data.seq });
      const [viaTeam] = await waitFor('entitlements.changed', member.id);
      assert.equal(viaTeam?.data.source, 'team');
      assert.equal(viaTeam?.data.plan, 'pro');
      assert.equal(viaTeam?.data.teamId, owner.teamId);

      const team = (await owner.client.get('/team')).json.data.teams[0];
      const membership = team.members.find((m: { email: string }) => m.email === member.email);
      assert.equal((await owner.client.request('DELETE', `/team/members/${membership.id}`)).status, 200);
      const [removed] = await waitFor('team.member_removed', member.id);
      assert.equal(removed?.data.reason, 'removed');
      const changes = await waitFor('entitlements.changed', member.id, 2);
      assert.equal(changes[1]?.data.source, 'none');
      assertOrderedPerAccount(receiver.events);
    });

    it('announces an expired license once, and the plan it took', async () => {
      const holder = await person(t, hash, 'expiring');
      const expiresAt = iso(addMs(t.deps.clock.now(), 60 * 60_000));
      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'enterprise', count: 1, kind: 'standalone', expiresAt });
      assert.equal((await holder.client.post('/license/activate', { license: key })).status, 200);
      await waitFor('entitlements.changed', holder.id);
      t.clock.advance(2 * 60 * 60_000);
      const [expired] = await waitFor('license.expired', holder.id);
      assert.equal(expired?.data.plan, 'enterprise');
      const changes = await waitFor('entitlements.changed', holder.id, 2);
      assert.equal(changes[1]?.data.plan, null);
      t.clock.advance(2 * 60 * 60_000);
      await flush();
      assert.equal(receiver.of('license.expired', holder.id).length, 1, 'announced once');
    });

    it('announces the end of an app sign-in by its sid, and a disabled account', async () => {
      const app = await registerClient(t, ['--backchannel-logout-uri', 'http://127.0.0.1:9/logout']);
      const config = await discover(t, app);
      const email = freshEmail('app');
      const browser = visitor(t);
      const { id } = await registerAccount(t, browser, email, password);
      const { tokens } = await codeFlow(config, browser, app.redirectUri);
      const sid = tokens.claims()?.sid as string;
      assert.equal((await browser.request('POST', '/signout')).status, 200);
      const [ended] = await waitFor('session.ended', id);
      assert.equal(ended?.data.sid, sid);

      const disabled = await runAdmin(['account', 'disable', email], t.databaseUrl);
      assert.equal(disabled.code, 0, disabled.stderr);
      await waitFor('account.disabled', id);
      const enabled = await runAdmin(['account', 'enable', email, '--reason', 'the owner called support'], t.databaseUrl);
      assert.equal(enabled.code, 0, enabled.stderr);
      await waitFor('account.enabled', id);
    });

    it("announces a deletion: the owner's team, its members removed, the account", async () => {
      const owner = await person(t, hash, 'leaving');
      const member = await person(t, hash, 'staying');
      const { token } = await seedInvitation(t, owner.teamId, member.email);
      assert.equal((await member.client.post(`/invitations/${token}/accept`)).status, 200);
      assert.equal((await owner.client.post('/account/delete', { currentPassword: teamPassword })).status, 200);
      const [deleted] = await waitFor('account.deleted', owner.id);
      const [teamDeleted] = await waitFor('team.deleted', owner.id);
      assert.equal(teamDeleted?.data.teamId, owner.teamId);
      assert.ok((teamDeleted?.data.seq as number) < (deleted?.data.seq as number), 'the team goes before the account');
      const removals = await waitFor('team.member_removed', member.id);
      assert.equal(removals.at(-1)?.data.reason, 'team_deleted');
      // Once its last event is out, nothing of the account stays in the outbox or the log.
      await eventually(async () => {
        await flush();
        const left = await t.deps.db.selectFrom('webhook_events').select('id').where('account_key', '=', owner.id).execute();
        return left.length === 0 ? true : undefined;
      }, "the deleted account's events erased");
      const sequences = await t.deps.db.selectFrom('webhook_sequences').select('seq').where('account_key', '=', owner.id).execute();
      assert.deepEqual(sequences, []);
    });

    it('writes no event for a change that rolled back', async () => {
      const before = await t.deps.db.selectFrom('webhook_events').select('id').execute();
      await assert.rejects(
        t.deps.db.transaction().execute(async (trx) => {
          await emitEvent(trx, t.deps.clock, 'account.disabled', { accountId: 'rolled-back' });
          throw new Error('the change failed');
        }),
      );
      const after = await t.deps.db.selectFrom('webhook_events').select('id').execute();
      assert.equal(after.length, before.length);
    });

    it('sends a test event from the CLI and lists it in the delivery log', async () => {
      const sent = await runAdmin(['webhook', 'test', endpointId, '--json'], t.databaseUrl);
      assert.equal(sent.code, 0, sent.stderr);
      const { eventId } = JSON.parse(sent.stdout) as { eventId: string };
      const [test] = await waitFor('webhook.test');
      assert.equal(test?.id, eventId);
      const log = await runAdmin(['webhook', 'deliveries', endpointId, '--json'], t.databaseUrl);
      const rows = JSON.parse(log.stdout) as Array<{ eventId: string; status: string; attempts: number; lastStatus: number }>;
      const row = rows.find((r) => r.eventId === eventId);
      assert.equal(row?.status, 'delivered');
      assert.equal(row?.attempts, 1);
      assert.equal(row?.lastStatus, 200);
    });

    it("retries a 500 with the same webhook-id, holding that account's next event but no one else's", async () => {
      const flaky = new WebhookReceiver();
      await flaky.start();
      const { id: flakyId, secret } = await createEndpoint(t.deps, { url: flaky.url, events: ['account.updated'] }, testChange);
      flaky.useSecrets(secret);
      t.clock.stop();
      try {
        let failing = true;
        const first = await person(t, hash, 'first');
        const second = await person(t, hash, 'second');
        flaky.answer = (event) => ({ status: failing && event.data.accountId === first.id ? 500 : 204 });
        assert.equal((await first.client.put('/profile', { firstName: 'One' })).status, 200);
        assert.equal((await first.client.put('/profile', { firstName: 'Two' })).status, 200);
        assert.equal((await second.client.put('/profile', { firstName: 'Other' })).status, 200);
        await eventually(async () => {
          await flush();
          return flaky.calls.length >= 2 ? true : undefined;
        }, 'the first tries');
        await flush();
        const tried = flaky.calls.map((call) => call.id);
        assert.equal(tried.length, 2, "the first account's second event waits for its first");
        assert.equal(flaky.events.length, 1, "the other account's event went through");
        assert.equal(flaky.events[0]?.data.accountId, second.id);
        const held = flaky.calls.find((call) => call.status === 500)?.id;
        // Not yet due: the first retry comes about 5 s later.
        await flush();
        assert.equal(flaky.calls.length, 2);
        failing = false;
        t.clock.advance((retrySchedule[0] ?? 0) * 1.5);
        await eventually(async () => {
          await flush();
          return flaky.of('account.updated', first.id).length === 2 ? true : undefined;
        }, 'the retry and the next event');
        const firsts = flaky.calls.filter((call) => call.id === held);
        assert.deepEqual(
          firsts.map((call) => call.status),
          [500, 204],
          'the same webhook-id again',
        );
        assert.deepEqual(
          flaky.of('account.updated', first.id).map((event) => event.data.firstName),
          ['One', 'Two'],
        );
        const log = await runAdmin(['webhook', 'deliveries', flakyId, '--json'], t.databaseUrl);
        const row = (JSON.parse(log.stdout) as Array<{ eventId: string; attempts: number; status: string }>).find(
          (r) => r.eventId === held,
        );
        assert.equal(row?.attempts, 2);
        assert.equal(row?.status, 'delivered');
      } finally {
        t.clock.resume();
        await flaky.stop();
      }
    });

    it('delivers everything, in order per account, to a receiver that was down for a while', async () => {
      const down = new WebhookReceiver();
      await down.start();
      const port = Number(new URL(down.url).port);
      const { secret } = await createEndpoint(t.deps, { url: down.url, events: ['account.updated'] }, testChange);
      down.useSecrets(secret);
      await down.stop();
      t.clock.stop();
      try {
        const people = [await person(t, hash, 'a'), await person(t, hash, 'b'), await person(t, hash, 'c')];
        for (let round = 1; round <= 4; round += 1) {
          for (const someone of people) assert.equal((await someone.client.put('/profile', { firstName: `Round ${round}` })).status, 200);
        }
        await flush();
        t.clock.advance(10 * 60_000);
        await flush();
        await down.start(port);
        // Each look moves the clock an hour on: the retries come due as the hours pass.
        await eventually(async () => {
          t.clock.advance(60 * 60_000);
          await flush();
          return down.events.length >= 12 ? true : undefined;
        }, 'every event after the receiver came back');
        for (const someone of people) {
          assert.deepEqual(
            down.of('account.updated', someone.id).map((event) => event.data.firstName),
            ['Round 1', 'Round 2', 'Round 3', 'Round 4'],
          );
        }
        assertOrderedPerAccount(down.events);
      } finally {
        t.clock.resume();
        await down.stop();
      }
    });

    it('gives up after the last try, logs it failed, counts it in the metrics, and lets the next event go', async () => {
      const broken = new WebhookReceiver();
      await broken.start();
      const { id, secret } = await createEndpoint(t.deps, { url: broken.url, events: ['account.updated'] }, testChange);
      broken.useSecrets(secret);
      broken.answer = () => ({ status: 503 });
      t.clock.stop();
      try {
        const someone = await person(t, hash, 'unlucky');
        assert.equal((await someone.client.put('/profile', { firstName: 'First' })).status, 200);
        assert.equal((await someone.client.put('/profile', { firstName: 'Second' })).status, 200);
        await eventually(async () => {
          await flush();
          return broken.calls.length >= 1 ? true : undefined;
        }, 'the first try');
        for (const wait of retrySchedule) {
          t.clock.advance(wait * 1.25);
          await flush();
        }
        const firstId = broken.calls[0]?.id;
        assert.equal(broken.calls.filter((call) => call.id === firstId).length, retrySchedule.length + 1, 'ten tries');
        assert.ok(
          broken.calls.some((call) => call.id !== firstId),
          'then the next event of the account is tried',
        );
        const log = await runAdmin(['webhook', 'deliveries', id, '--json'], t.databaseUrl);
        const row = (JSON.parse(log.stdout) as Array<{ eventId: string; status: string; attempts: number }>).find(
          (r) => r.eventId === firstId,
        );
        assert.equal(row?.status, 'failed');
        assert.equal(row?.attempts, 10);
        const metrics = await t.client({ authorization: `Bearer ${metricsToken}` }).get('/metrics');
        const count = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics.text)?.[1]);
        assert.ok(count('gatehouse_webhook_failures_total') >= 10, metrics.text);
        assert.ok(count('gatehouse_webhook_given_up_total') >= 1, metrics.text);
        assert.ok(count('gatehouse_webhook_attempts_total') >= count('gatehouse_webhook_failures_total'));
      } finally {
        t.clock.resume();
        await broken.stop();
      }
    });

    it('honours Retry-After, and disables an endpoint that answers 410 Gone', async () => {
      const gone = new WebhookReceiver();
      await gone.start();
      const { id, secret } = await createEndpoint(t.deps, { url: gone.url, events: ['account.updated'] }, testChange);
      gone.useSecrets(secret);
      t.clock.stop();
      try {
        gone.answer = () => ({ status: 429, headers: { 'retry-after': '3600' } });
        const someone = await person(t, hash, 'gone');
        assert.equal((await someone.client.put('/profile', { firstName: 'Once' })).status, 200);
        await eventually(async () => {
          await flush();
          return gone.calls.length >= 1 ? true : undefined;
        }, 'the first try');
        t.clock.advance(30 * 60_000);
        await flush();
        assert.equal(gone.calls.length, 1, 'not before the hour it asked for');
        gone.answer = () => ({ status: 410 });
        t.clock.advance(31 * 60_000);
        await eventually(async () => {
          await flush();
          return gone.calls.length >= 2 ? true : undefined;
        }, 'the second try');
        const listed = JSON.parse((await runAdmin(['webhook', 'list', '--json'], t.databaseUrl)).stdout) as Array<{
          id: string;
          enabled: boolean;
          disabledReason: string;
        }>;
        const endpoint = listed.find((e) => e.id === id);
        assert.equal(endpoint?.enabled, false);
        assert.match(endpoint?.disabledReason ?? '', /410/);
        assert.equal((await someone.client.put('/profile', { firstName: 'Again' })).status, 200);
        t.clock.advance(60 * 60_000);
        await flush();
        assert.equal(gone.calls.length, 2, 'a disabled endpoint is sent nothing');
      } finally {
        t.clock.resume();
        await gone.stop();
      }
    });

    it('signs with both secrets while a rotated one overlaps, and replays what was sent since a time', async () => {
      const rotating = new WebhookReceiver();
      await rotating.start();
      const { id, secret: old } = await createEndpoint(t.deps, { url: rotating.url, events: ['account.updated'] }, testChange);
      const since = iso(t.deps.clock.now());
      // As `webhook rotate-secret` does, on the app's clock (other tests moved it days ahead of the CLI's).
      const { secret: fresh } = await rotateWebhookSecret(t.deps, id, testChange);
      try {
        const someone = await person(t, hash, 'rotation');
        rotating.useSecrets(old);
        assert.equal((await someone.client.put('/profile', { firstName: 'Old key' })).status, 200);
        await eventually(async () => {
          await flush();
          return rotating.events.length === 1 ? true : undefined;
        }, 'verified with the old secret');
        rotating.useSecrets(fresh);
        assert.equal((await someone.client.put('/profile', { firstName: 'New key' })).status, 200);
        await eventually(async () => {
          await flush();
          return rotating.events.length === 2 ? true : undefined;
        }, 'verified with the new secret');
        assert.equal(rotating.refused.length, 0);

        const replayed = await runAdmin(['webhook', 'replay', id, '--since', since, '--json'], t.databaseUrl);
        assert.equal(replayed.code, 0, replayed.stderr);
        assert.ok((JSON.parse(replayed.stdout) as { replayed: number }).replayed >= 2);
        await eventually(async () => {
          await flush();
          return rotating.events.length >= 4 ? true : undefined;
        }, 'the replay');
        const ids = rotating.events.map((event) => event.id);
        assert.deepEqual(ids.slice(2, 4), ids.slice(0, 2), 'sent again with the webhook-ids they had, in their order');
      } finally {
        await rotating.stop();
      }
    });

    it('rotates a secret from the CLI, showing the new one once', async () => {
      const rotated = await runAdmin(['webhook', 'rotate-secret', endpointId, '--json'], t.databaseUrl);
      assert.equal(rotated.code, 0, rotated.stderr);
      const { secret, previousUntil } = JSON.parse(rotated.stdout) as { secret: string; previousUntil: string };
      assert.match(secret, /^whsec_/);
      assert.ok(Date.parse(previousUntil) > Date.now());
      receiver.useSecrets(secret);
    });

    it('forwards every event to a local receiver with webhook listen, and leaves no endpoint behind', async () => {
      const local = new WebhookReceiver();
      await local.start();
      const { NODE_TEST_CONTEXT: _, ...env } = process.env;
      const child = spawn(process.execPath, ['server/src/cli/admin.ts', 'webhook', 'listen', '--forward-to', local.url], {
        cwd: fileURLToPath(new URL('../../', import.meta.url)),
        env: { ...env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The command runs on the wall clock: the app's, moved days on by the tests above, goes back to it meanwhile.
      const offset = t.clock.offsetMs;
      t.clock.offsetMs = 0;
      try {
        const secret = await eventually(async () => /signed with (whsec_\S+)/.exec(stderr)?.[1], 'the listener started', 60_000);
        local.useSecrets(secret);
        const someone = await person(t, hash, 'listened');
        assert.equal((await someone.client.put('/profile', { firstName: 'Local' })).status, 200);
        const [event] = await eventually(
          async () => {
            await flush();
            const found = local.of('account.updated', someone.id);
            return found.length > 0 ? found : undefined;
          },
          'the forwarded event',
          60_000,
        );
        assert.equal(event?.data.firstName, 'Local');
        assert.match(stdout, new RegExp(event?.id ?? 'none'), 'printed');
        await flush();
        assert.equal(local.calls.filter((call) => call.id === event?.id).length, 1, 'forwarded by the command alone, once');
      } finally {
        child.kill('SIGINT');
        await exited;
        await local.stop();
        t.clock.offsetMs = offset;
      }
      const listed = JSON.parse((await runAdmin(['webhook', 'list', '--json'], t.databaseUrl)).stdout) as Array<{ listener: boolean }>;
      assert.equal(listed.filter((endpoint) => endpoint.listener).length, 0);
    });

    it('refuses a bad endpoint with a clear message and registers nothing', async () => {
      const before = JSON.parse((await runAdmin(['webhook', 'list', '--json'], t.databaseUrl)).stdout) as unknown[];
      const cases: Array<[string[], RegExp]> = [
        [['webhook', 'create', '--url', 'ftp://127.0.0.1/hooks'], /https:\/\/ or http:\/\//],
        [['webhook', 'create', '--url', receiver.url, '--events', 'account.exploded'], /unknown event account\.exploded/],
        [['webhook', 'create'], /--url is required/],
        [['webhook', 'replay', endpointId], /--since or --event is required/],
        [['webhook', 'test', 'ep_nothing'], /no webhook endpoint with id ep_nothing/],
      ];
      for (const [args, message] of cases) {
        const answer = await runAdmin(args, t.databaseUrl);
        assert.equal(answer.code, 2, args.join(' '));
        assert.match(answer.stderr, message);
      }
      const after = JSON.parse((await runAdmin(['webhook', 'list', '--json'], t.databaseUrl)).stdout) as unknown[];
      assert.equal(after.length, before.length);
    });
  });
}

describe('the registry of webhook events', () => {
  it('has every event produced by a test above and named with an example in docs/webhooks.md', () => {
    const missing = webhookEventTypes.filter((type) => !produced.has(type));
    assert.deepEqual(missing, [], 'events no test produced');
    const docs = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    for (const type of webhookEventTypes) assert.ok(docs.includes(`"type": "${type}"`), `docs/webhooks.md shows an example of ${type}`);
  });
});
