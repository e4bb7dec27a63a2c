import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AdminScope, errorMessages, roleScopes, type tokenScopes } from '@gatehouse/contract';
import { cliActor, verifyChain } from '../src/features/operators/operator-audit.ts';
import { createAdminToken, grantOperator } from '../src/features/operators/operators.service.ts';
import { iso } from '../src/lib/clock.ts';
import { eventually, freshEmail, nextIp, seedAccount } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { TestClient } from './support/http-client.ts';
import { person, teamPassword } from './support/teams.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';
import { WebhookReceiver } from './support/webhook-receiver.ts';

// The webhook endpoints on the admin API (decision 064): the services the CLI's `webhook`
// commands call, each change in the operators' audit chain, the owner's role only.

const why = { reason: 'Monitoring backend moved, ticket 812' };

for (const dialect of await dialects('persistence')) {
  describe(`admin API: webhooks (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let api: TestClient;
    let receiver: WebhookReceiver;

    async function tokenFor(scopes: (typeof tokenScopes)[number][], operatorEmail?: string): Promise<TestClient> {
      const { token } = await createAdminToken(t.deps, { name: `webhooks ${scopes.join(' ')}`, scopes, operatorEmail }, cliActor());
      return new TestClient(t.adminUrl, { authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp() });
    }
    const actions = (type: string) =>
      t.deps.db.selectFrom('operator_actions').selectAll().where('type', '=', type).orderBy('seq').execute();
    const received = (count: number, what: string) =>
      eventually(async () => {
        await t.webhooks.flush();
        return receiver.events.length >= count ? receiver.events : undefined;
      }, what);

    before(async () => {
      t = await startBehindProxy({ dialect, env: { LOG_LEVEL: 'silent' } });
      hash = await t.deps.hasher.hash(teamPassword);
      api = await tokenFor(['webhooks:read', 'webhooks:write']);
      receiver = new WebhookReceiver();
      await receiver.start();
    });
    after(async () => {
      await receiver.stop();
      await t.stop();
    });

    it('registers, tests, updates, rotates, replays, disables and removes an endpoint, each change audited with the reason', async () => {
      const created = await api.post('/admin/v1/webhooks', {
        url: receiver.url,
        events: ['account.updated'],
        description: 'monitoring',
        ...why,
      });
      assert.equal(created.status, 200, created.text);
      const { id, secret } = created.json.data as { id: string; secret: string };
      assert.match(secret, /^whsec_/);
      receiver.useSecrets(secret);

      const listed = await api.get('/admin/v1/webhooks');
      assert.equal(listed.status, 200, listed.text);
      const shown = listed.json.data.find((endpoint: { id: string }) => endpoint.id === id);
      assert.deepEqual(
        { ...shown, createdAt: undefined },
        {
          id,
          url: receiver.url,
          description: 'monitoring',
          events: ['account.updated'],
          enabled: true,
          disabledReason: null,
          listener: false,
          createdAt: undefined,
        },
      );
      assert.ok(!listed.text.includes(secret), 'the secret is answered once');

      // The test event, verified with the secret by the standardwebhooks oracle.
      const tested = await api.post(`/admin/v1/webhooks/${id}/test`, why);
      assert.equal(tested.status, 200, tested.text);
      const [test] = await received(1, 'the webhook.test event');
      assert.deepEqual([test?.id, test?.type, test?.data.endpointId], [tested.json.data.eventId, 'webhook.test', id]);

      const since = iso(t.clock.now());
      const someone = await person(t, hash, 'hooked');
      assert.equal((await someone.client.put('/profile', { firstName: 'Ada' })).status, 200);
      const [, updated] = await received(2, 'account.updated');
      assert.equal(updated?.type, 'account.updated');

      const rotated = await api.post(`/admin/v1/webhooks/${id}/rotate-secret`, why);
      assert.equal(rotated.status, 200, rotated.text);
      assert.notEqual(rotated.json.data.secret, secret);
      receiver.useSecrets(rotated.json.data.secret);
      const replayed = await api.post(`/admin/v1/webhooks/${id}/replay`, { since, ...why });
      assert.deepEqual([replayed.status, replayed.json.data], [200, { replayed: 1 }], replayed.text);
      const again = (await received(3, 'the replay'))[2];
      assert.deepEqual([again?.id, again?.type], [updated?.id, 'account.updated'], 'sent again with its id, signed with the new secret');
      const one = await api.post(`/admin/v1/webhooks/${id}/replay`, { event: updated?.id, ...why });
      assert.deepEqual([one.status, one.json.data], [200, { replayed: 1 }], one.text);
      await received(4, 'the replay of one event');

      const deliveries = await api.get(`/admin/v1/webhooks/${id}/deliveries`);
      assert.equal(deliveries.status, 200, deliveries.text);
      assert.equal(deliveries.json.data.length, 4);
      assert.ok(
        deliveries.json.data.every((row: { status: string; attempts: number }) => row.status === 'delivered' && row.attempts === 1),
      );

      const patched = await api.request('PATCH', `/admin/v1/webhooks/${id}`, {
        json: { events: [], description: 'all of it', ...why },
      });
      assert.equal(patched.status, 200, patched.text);
      assert.deepEqual([patched.json.data.events, patched.json.data.description], [null, 'all of it']);
      const disabled = await api.post(`/admin/v1/webhooks/${id}/disable`, why);
      assert.deepEqual([disabled.status, disabled.json.data.enabled], [200, false], disabled.text);
      const enabled = await api.request('PATCH', `/admin/v1/webhooks/${id}`, { json: { enabled: true, ...why } });
      assert.deepEqual([enabled.status, enabled.json.data.enabled], [200, true], enabled.text);
      const removed = await api.delete(`/admin/v1/webhooks/${id}`, why);
      assert.deepEqual([removed.status, removed.json.data], [200, { id, removed: true }], removed.text);
      assert.equal((await api.get(`/admin/v1/webhooks/${id}/deliveries`)).status, 404);

      const kinds = [
        'webhook_endpoint_created',
        'webhook_test_sent',
        'webhook_secret_rotated',
        'webhook_events_replayed',
        'webhook_endpoint_updated',
        'webhook_endpoint_disabled',
        'webhook_endpoint_removed',
      ];
      const rows = (await Promise.all(kinds.map(actions))).flat().filter((row) => (row.detail ?? '').includes(id));
      assert.deepEqual([...new Set(rows.map((row) => row.type))].sort(), [...kinds].sort());
      assert.equal(rows.filter((row) => row.type === 'webhook_events_replayed').length, 2);
      for (const row of rows) {
        assert.deepEqual([row.actor_kind, row.reason], ['token', why.reason], row.type);
        assert.ok(!(row.detail ?? '').includes('whsec_'), `${row.type} keeps no secret`);
      }
      assert.equal((await verifyChain(t.deps.db, t.deps.secrets)).ok, true);
    });

    it('refuses bad input with a coded, translated answer and changes nothing', async () => {
      const endpoint = (await api.post('/admin/v1/webhooks', { url: receiver.url, ...why })).json.data.id as string;
      const before = {
        endpoints: (await api.get('/admin/v1/webhooks')).json.data,
        actions: (await t.deps.db.selectFrom('operator_actions').select('seq').execute()).length,
      };
      const cases: Array<[string, string, unknown, number, string, string | undefined]> = [
        ['POST', '/admin/v1/webhooks', { url: receiver.url }, 400, 'admin.reason_required', 'reason'],
        ['POST', '/admin/v1/webhooks', { url: 'ftp://127.0.0.1/hooks', ...why }, 400, 'admin.webhook_url_invalid', 'url'],
        ['POST', '/admin/v1/webhooks', { url: 'https://user:pw@example.com/', ...why }, 400, 'admin.webhook_url_invalid', 'url'],
        [
          'POST',
          '/admin/v1/webhooks',
          { url: receiver.url, events: ['account.exploded'], ...why },
          400,
          'admin.webhook_event_unknown',
          'events',
        ],
        [
          'POST',
          '/admin/v1/webhooks',
          { url: receiver.url, description: 'x'.repeat(201), ...why },
          400,
          'admin.webhook_description_too_long',
          'description',
        ],
        ['PATCH', `/admin/v1/webhooks/${endpoint}`, { url: 'not a url', ...why }, 400, 'admin.webhook_url_invalid', 'url'],
        ['POST', `/admin/v1/webhooks/${endpoint}/replay`, why, 400, 'admin.webhook_replay_range', 'since'],
        ['POST', `/admin/v1/webhooks/${endpoint}/replay`, { since: 'yesterday-ish', ...why }, 400, 'admin.webhook_replay_range', 'since'],
        [
          'POST',
          `/admin/v1/webhooks/${endpoint}/replay`,
          { event: 'msg_nothing', ...why },
          404,
          'admin.webhook_event_not_found',
          undefined,
        ],
        ['POST', '/admin/v1/webhooks/ep_nothing/test', why, 404, 'admin.webhook_not_found', undefined],
        ['DELETE', '/admin/v1/webhooks/ep_nothing', why, 404, 'admin.webhook_not_found', undefined],
      ];
      for (const [method, path, body, status, code, field] of cases) {
        const answer = await api.request(method, path, { json: body });
        const label = `${method} ${path} ${JSON.stringify(body)}`;
        assert.deepEqual([answer.status, answer.json.code], [status, code], `${label}: ${answer.text}`);
        assert.equal(answer.json.fields?.[field ?? ''], field && code, label);
        assert.ok(answer.json.error.length > 0 && !answer.json.error.includes('{'), label);
      }
      const unknown = await api.post('/admin/v1/webhooks', { url: receiver.url, events: ['account.exploded'], ...why });
      assert.equal(unknown.json.error, 'Unknown event type: account.exploded');
      assert.deepEqual(before, {
        endpoints: (await api.get('/admin/v1/webhooks')).json.data,
        actions: (await t.deps.db.selectFrom('operator_actions').select('seq').execute()).length,
      });
      assert.ok(errorMessages['admin.webhook_not_found']);
    });

    it("belongs to the owner's role: other roles' tokens are refused at creation, a script without the scope gets 403", async () => {
      const scopes: AdminScope[] = ['webhooks:read', 'webhooks:write'];
      for (const [role, own] of Object.entries(roleScopes)) {
        assert.equal(
          scopes.every((scope) => own.includes(scope)),
          role === 'owner',
          role,
        );
      }
      const operator = freshEmail('ops');
      await seedAccount(t, operator, { passwordHash: hash });
      await grantOperator(t.deps, operator, 'support', cliActor());
      await assert.rejects(tokenFor(['webhooks:read'], operator), /beyond|role|allow/i);
      await grantOperator(t.deps, operator, 'owner', cliActor());
      const owners = await tokenFor(['webhooks:read', 'webhooks:write'], operator);
      assert.equal((await owners.get('/admin/v1/webhooks')).status, 200);
      // Lowered to support: the owner's token stops at the next call.
      await grantOperator(t.deps, operator, 'support', cliActor());
      const lowered = await owners.get('/admin/v1/webhooks');
      assert.deepEqual([lowered.status, lowered.json.code], [403, 'admin.scope_required']);

      const reader = await tokenFor(['webhooks:read']);
      assert.equal((await reader.get('/admin/v1/webhooks')).status, 200);
      const write = await reader.post('/admin/v1/webhooks', { url: receiver.url, ...why });
      assert.deepEqual([write.status, write.json.code], [403, 'admin.scope_required']);
      const support = await tokenFor(['accounts:read', 'accounts:write']);
      assert.equal((await support.get('/admin/v1/webhooks')).status, 403);
    });
  });
}
