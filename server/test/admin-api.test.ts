import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { OperatorRole } from '@gatehouse/contract';
import Fastify from 'fastify';
import { toCsv } from '../src/features/operators/audit-stream.ts';
import { cliActor } from '../src/features/operators/operator-audit.ts';
import { createAdminToken, grantOperator } from '../src/features/operators/operators.service.ts';
import { findOwnTeam } from '../src/features/teams/team.repository.ts';
import { adminGuard } from '../src/http/admin-app.ts';
import { freshEmail, nextIp, seedAccount, signIn, visitor } from './support/accounts.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects } from './support/databases.ts';
import { TestClient } from './support/http-client.ts';
import { issueLicense } from './support/index.ts';
import { linkToPanel, registerPanel } from './support/panels.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';
import { writeConfirmedAuthenticatorDirectly } from './support/two-factor.ts';

const password = 'Operator test secret 7';
const allScopes = ['accounts:read', 'accounts:write', 'licenses:read', 'licenses:write', 'audit:read'] as const;

for (const dialect of await dialects('persistence')) {
  describe(`admin API (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let api: TestClient;

    async function tokenFor(scopes: readonly (typeof allScopes)[number][], operatorEmail?: string): Promise<TestClient> {
      const { token } = await createAdminToken(
        t.deps,
        { name: `test ${scopes.join(' ')}`, scopes: [...scopes], operatorEmail },
        cliActor(),
      );
      return new TestClient(t.adminUrl, { authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp() });
    }
    async function customer(prefix = 'customer') {
      const email = freshEmail(prefix);
      const account = await seedAccount(t, email, { passwordHash: hash });
      return { email, id: account.id };
    }
    const why = { reason: 'Caller verified by the support PIN, ticket 4711' };

    before(async () => {
      t = await startBehindProxy({ dialect, env: { ACCOUNT_SIGNIN_FAILURES: '5' } });
      hash = await t.deps.hasher.hash(password);
      api = await tokenFor(allScopes);
    });
    after(() => t.stop());

    it('is not on the public port, and refuses a call without a token or with an unknown one', async () => {
      const { id } = await customer();
      const publicPort = await visitor(t).get(`/admin/v1/accounts/${id}`, { authorization: api.headers.authorization ?? '' });
      assert.equal(publicPort.status, 404);
      assert.equal((await visitor(t).get('/admin/v1/openapi.json')).status, 404);
      const none = await new TestClient(t.adminUrl).get(`/admin/v1/accounts/${id}`);
      assert.equal(none.status, 401);
      assert.equal(none.json.code, 'admin.token_required');
      const forged = await new TestClient(t.adminUrl, { authorization: 'Bearer gha_not-a-token' }).get('/admin/v1/accounts');
      assert.equal(forged.status, 401);
      const openapi = await new TestClient(t.adminUrl).get('/admin/v1/openapi.json');
      assert.equal(openapi.status, 200);
      assert.ok(openapi.json.paths['/admin/v1/accounts/{id}/disable'], 'the remedies are described');
    });

    it('describes what every admin route answers, in the OpenAPI document', async () => {
      const document = (await new TestClient(t.adminUrl).get('/admin/v1/openapi.json')).json;
      const operations = Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(
        ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ route: `${method} ${path}`, operation })),
      );
      assert.ok(operations.length >= 18, `${operations.length} operations`);
      for (const { route, operation } of operations) {
        const ok = operation.responses['200'] as { content?: Record<string, { schema?: Record<string, unknown> }> } | undefined;
        const schema = ok && Object.values(ok.content ?? {})[0]?.schema;
        assert.ok(schema && Object.keys(schema).length > 0, `${route} says what it answers`);
      }
      const card = document.paths['/admin/v1/accounts/{id}'].get.responses['200'].content['application/json'].schema;
      assert.ok(card.properties.data.properties.signInPaused, 'the health card is described field by field');
    });

    it('makes every token expire, in 90 days by default, and refuses an expired one', async () => {
      const { id, token } = await createAdminToken(t.deps, { name: 'short-lived', scopes: ['accounts:read'] }, cliActor());
      const row = await t.deps.db.selectFrom('admin_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const days = (Date.parse(row.expires_at ?? '') - t.clock.now().getTime()) / 86_400_000;
      assert.ok(days > 89.9 && days <= 90, `expires in ${days} days`);
      const client = new TestClient(t.adminUrl, { authorization: `Bearer ${token}` });
      assert.equal((await client.get('/admin/v1/accounts')).status, 200);
      await t.deps.db
        .updateTable('admin_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute();
      const expired = await client.get('/admin/v1/accounts');
      assert.equal(expired.status, 401);
      assert.equal(expired.json.code, 'admin.token_required');
    });

    it('refuses a token without the scope with 403 admin.scope_required, and changes nothing', async () => {
      const { id, email } = await customer();
      const reader = await tokenFor(['accounts:read']);
      assert.equal((await reader.get(`/admin/v1/accounts/${id}`)).status, 200);
      const refused = await reader.post(`/admin/v1/accounts/${id}/disable`, why);
      assert.equal(refused.status, 403);
      assert.equal(refused.json.code, 'admin.scope_required');
      assert.equal((await reader.get('/admin/v1/audit')).status, 403);
      assert.equal((await reader.get('/admin/v1/licenses')).status, 403);
      await signIn(t, email, password);
    });

    it('refuses an admin route that declares no scope, at start', () => {
      const app = Fastify();
      adminGuard(app, t.deps);
      assert.throws(() => app.get('/admin/v1/forgot', async () => ({})), /declares no scope/);
    });

    it("holds an operator's token to the operator's role as it is now: a readonly role only reads", async () => {
      const operator = await customer('operator');
      await t.deps.db.updateTable('accounts').set({ email_verified_at: new Date().toISOString() }).where('id', '=', operator.id).execute();
      await grantOperator(t.deps, operator.email, 'support', cliActor());
      const support = await tokenFor(['accounts:read', 'accounts:write'], operator.email);
      const target = await customer();
      const ended = await support.post(`/admin/v1/accounts/${target.id}/sessions/end`, why);
      assert.equal(ended.status, 200, ended.text);
      await grantOperator(t.deps, operator.email, 'readonly' satisfies OperatorRole, cliActor());
      const refused = await support.post(`/admin/v1/accounts/${target.id}/disable`, why);
      assert.equal(refused.status, 403);
      assert.equal(refused.json.code, 'admin.scope_required');
      assert.equal((await support.get(`/admin/v1/accounts/${target.id}`)).status, 200, 'reading is still allowed');
      await assert.rejects(
        () => createAdminToken(t.deps, { name: 'x', scopes: ['licenses:write'], operatorEmail: operator.email }, cliActor()),
        /does not allow licenses:write/,
      );
      const audit = await api.get(`/admin/v1/audit?accountId=${target.id}&type=sessions_ended`);
      const action = audit.json.data.find((entry: { source: string }) => entry.source === 'operator');
      assert.deepEqual(action.actor, { kind: 'operator', id: operator.id, name: operator.email });
      assert.equal(action.reason, why.reason);
    });

    it('finds a customer by part of the address in any case, by id, by license key and its last four, by team name, by panel user id', async () => {
      const { email, id } = await customer('Searchable');
      const part = email.slice(0, 12).toUpperCase();
      const byPart = await api.get(`/admin/v1/accounts?q=${encodeURIComponent(part)}`);
      assert.equal(byPart.status, 200, byPart.text);
      assert.ok(byPart.json.data.some((row: { id: string }) => row.id === id));
      assert.ok(byPart.json.paging.total >= 1);
      const byId = await api.get(`/admin/v1/accounts?q=${id}`);
      assert.deepEqual(
        byId.json.data.map((row: { id: string; matchedBy: string[] }) => [row.id, row.matchedBy]),
        [[id, ['id']]],
      );
      const key = await issueLicense(t, { plan: 'pro' });
      await t.deps.db
        .updateTable('licenses')
        .set({ account_id: id, activated_at: new Date().toISOString() })
        .where('key_suffix', '=', key.slice(-4))
        .execute();
      for (const q of [key, key.toLowerCase(), key.slice(-4), key.slice(-9)]) {
        const found = await api.get(`/admin/v1/accounts?q=${encodeURIComponent(q)}`);
        assert.ok(
          found.json.data.some((row: { id: string; matchedBy: string[] }) => row.id === id && row.matchedBy.includes('license')),
          `by ${q}`,
        );
      }
      const team = await findOwnTeam(t.deps.db, id);
      assert.ok(team);
      const teamName = `Night Shift ${Math.random().toString(36).slice(2, 8)}`;
      await t.deps.db.updateTable('teams').set({ name: teamName }).where('id', '=', team.id).execute();
      const byTeam = await api.get(`/admin/v1/accounts?q=${encodeURIComponent(teamName.toLowerCase())}`);
      assert.deepEqual(
        byTeam.json.data.map((row: { id: string }) => row.id),
        [id],
      );
      const panel = await registerPanel(t);
      await linkToPanel(t, panel, id, `panel-user-${id.slice(0, 8)}`);
      const byPanel = await api.get(`/admin/v1/accounts?q=panel-user-${id.slice(0, 8)}`);
      assert.deepEqual(
        byPanel.json.data.map((row: { id: string; matchedBy: string[] }) => [row.id, row.matchedBy]),
        [[id, ['panelUser']]],
      );
      const paged = await api.get('/admin/v1/accounts?pageSize=1&page=2&sort=email&order=asc');
      assert.equal(paged.json.data.length, 1);
      assert.equal((await api.get('/admin/v1/accounts?pageSize=500')).status, 400);
    });

    it("shows the health card, with a team member's license from the team, and records the read", async () => {
      const owner = await customer('owner');
      const member = await customer('member');
      const key = await issueLicense(t, { plan: 'business' });
      await t.deps.db
        .updateTable('licenses')
        .set({ account_id: owner.id, activated_at: new Date().toISOString() })
        .where('key_suffix', '=', key.slice(-4))
        .execute();
      const team = await findOwnTeam(t.deps.db, owner.id);
      assert.ok(team);
      await t.deps.db
        .insertInto('team_members')
        .values({ id: crypto.randomUUID(), team_id: team.id, account_id: member.id, role: 'member', created_at: new Date().toISOString() })
        .execute();
      await writeConfirmedAuthenticatorDirectly(t.deps, member.id);
      await signIn(t, member.email, password).catch(() => undefined);
      const card = await api.get(`/admin/v1/accounts/${member.id}`);
      assert.equal(card.status, 200, card.text);
      const data = card.json.data;
      assert.equal(data.email, member.email);
      assert.equal(data.emailVerified, true);
      assert.equal(data.disabled, false);
      assert.deepEqual(data.signInPaused, { paused: false, failures: 0, until: null });
      assert.deepEqual(data.twoFactor, { enabled: true });
      assert.equal(data.passkeys, 0);
      assert.deepEqual(data.identities, []);
      assert.deepEqual(
        data.teams.map((team: { id: string; role: string }) => [team.id, team.role]).sort(),
        [
          [team.id, 'member'],
          ...data.teams.filter((x: { role: string }) => x.role === 'owner').map((x: { id: string }) => [x.id, 'owner']),
        ].sort(),
      );
      assert.equal(data.license.source, 'team');
      assert.equal(data.license.teamId, team.id);
      assert.equal(data.license.plan, 'business');
      assert.equal(typeof data.sessions, 'number');
      assert.ok(Array.isArray(data.connectedApps));
      assert.ok(Array.isArray(data.recentEvents));
      const viewed = await api.get(`/admin/v1/audit?accountId=${member.id}&type=account_viewed`);
      assert.equal(viewed.json.data.length, 1, 'reading the card is recorded');
      assert.equal((await api.get('/admin/v1/accounts/not-an-id')).json.code, 'admin.account_not_found');
    });

    it('disables with a reason: sessions end, the customer is mailed, the right password gets 403 and a wrong one the usual answer; enable undoes it', async () => {
      const { email, id } = await customer();
      const browser = await signIn(t, email, password);
      const noReason = await api.post(`/admin/v1/accounts/${id}/disable`, {});
      assert.equal(noReason.status, 400);
      assert.equal(noReason.json.code, 'admin.reason_required');
      assert.notEqual((await browser.get('/session')).json.data, null, 'a refused remedy changes nothing');
      const disabled = await api.post(`/admin/v1/accounts/${id}/disable`, why);
      assert.equal(disabled.status, 200, disabled.text);
      assert.equal((await browser.get('/session')).json.data, null);
      const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('has been disabled'));
      assert.doesNotMatch(mail.text, /test (accounts|licenses)/, 'no operator is named');
      const right = await visitor(t).postForm('/signin', { email, password });
      assert.equal(right.status, 403);
      assert.equal(right.json.code, 'auth.account_disabled');
      const wrong = await visitor(t).postForm('/signin', { email, password: 'Not the password 1' });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.json.code, 'auth.invalid_credentials');
      assert.equal((await api.post(`/admin/v1/accounts/${id}/disable`, why)).json.code, 'admin.already_disabled');
      const enabled = await api.post(`/admin/v1/accounts/${id}/enable`, { reason: 'Dispute settled' });
      assert.equal(enabled.status, 200, enabled.text);
      await t.smtp.waitFor(email, (m) => m.subject.includes('enabled again'));
      await signIn(t, email, password);
      assert.equal((await api.post(`/admin/v1/accounts/${id}/enable`, why)).json.code, 'admin.not_disabled');
      const stream = await api.get(`/admin/v1/audit?accountId=${id}`);
      const actions = stream.json.data
        .filter((e: { source: string }) => e.source === 'operator')
        .map((e: { type: string; reason: string }) => [e.type, e.reason]);
      assert.deepEqual(actions.slice(0, 2), [
        ['account_enabled', 'Dispute settled'],
        ['account_disabled', why.reason],
      ]);
    });

    it('ends every session and queues the apps’ back-channel logouts; mails the customer', async () => {
      const { email, id } = await customer();
      const first = await signIn(t, email, password);
      const second = await signIn(t, email, password);
      const ended = await api.post(`/admin/v1/accounts/${id}/sessions/end`, why);
      assert.equal(ended.status, 200, ended.text);
      assert.equal(ended.json.data.sessionsEnded, 2);
      for (const client of [first, second]) assert.equal((await client.get('/session')).json.data, null);
      await t.smtp.waitFor(email, (m) => m.subject.includes('signed out'));
    });

    it('resends a verification link to a pending account only, and mails a password reset', async () => {
      const pendingEmail = freshEmail('pending');
      const pending = await seedAccount(t, pendingEmail);
      const resent = await api.post(`/admin/v1/accounts/${pending.id}/verification/resend`, why);
      assert.equal(resent.status, 200, resent.text);
      await t.smtp.waitFor(pendingEmail, (m) => m.text.includes('/activate-email?'));
      const { email, id } = await customer();
      assert.equal((await api.post(`/admin/v1/accounts/${id}/verification/resend`, why)).json.code, 'admin.already_verified');
      const reset = await api.post(`/admin/v1/accounts/${id}/password-reset/send`, why);
      assert.equal(reset.status, 200, reset.text);
      await t.smtp.waitFor(email, (m) => m.text.includes('/reset?token='));
    });

    it('resets two-factor with the actor recorded, and refuses an account without it', async () => {
      const { email, id } = await customer();
      assert.equal((await api.post(`/admin/v1/accounts/${id}/two-factor/reset`, why)).json.code, 'two_factor.not_enabled');
      await writeConfirmedAuthenticatorDirectly(t.deps, id);
      const reset = await api.post(`/admin/v1/accounts/${id}/two-factor/reset`, why);
      assert.equal(reset.status, 200, reset.text);
      await t.smtp.waitFor(email, (m) => m.subject.includes('was reset'));
      await signIn(t, email, password);
    });

    it('clears a paused sign-in, which the card shows with until when', async () => {
      const { email, id } = await customer();
      for (let i = 0; i < 5; i += 1) await visitor(t).postForm('/signin', { email, password: `wrong ${i} Password` });
      assert.equal((await visitor(t).postForm('/signin', { email, password })).json.code, 'auth.signin_paused');
      const card = (await api.get(`/admin/v1/accounts/${id}`)).json.data;
      assert.equal(card.signInPaused.paused, true);
      assert.ok(card.signInPaused.until > new Date().toISOString());
      const cleared = await api.post(`/admin/v1/accounts/${id}/sign-in-pause/clear`, why);
      assert.equal(cleared.status, 200, cleared.text);
      await signIn(t, email, password);
      assert.equal((await api.post(`/admin/v1/accounts/${id}/sign-in-pause/clear`, why)).json.code, 'admin.no_sign_in_pause');
    });

    it('runs the license desk: create, filter, extend, revoke, CSV', async () => {
      const created = await api.post('/admin/v1/licenses', {
        plan: 'enterprise',
        count: 2,
        expiresAt: '2099-01-01',
        reason: 'Contract 99',
      });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.data.keys.length, 2);
      const listed = await api.get('/admin/v1/licenses?plan=enterprise&status=available&expiresBefore=2099-06-01');
      assert.ok(listed.json.data.length >= 2);
      const license = listed.json.data[0];
      const extended = await api.post(`/admin/v1/licenses/${license.id}/extend`, { expiresAt: '2100-01-01', reason: 'Renewed' });
      assert.equal(extended.status, 200, extended.text);
      assert.equal(
        (await api.post(`/admin/v1/licenses/${license.id}/extend`, { expiresAt: '2001-01-01', reason: 'x' })).json.code,
        'admin.expiry_invalid',
      );
      assert.equal((await api.post(`/admin/v1/licenses/${license.id}/revoke`, {})).json.code, 'admin.reason_required');
      assert.equal((await api.post(`/admin/v1/licenses/${license.id}/revoke`, why)).status, 200);
      assert.equal((await api.post(`/admin/v1/licenses/${license.id}/revoke`, why)).json.code, 'admin.license_revoked');
      const csv = await api.get('/admin/v1/licenses/export.csv?plan=enterprise');
      assert.equal(csv.status, 200);
      assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
      assert.match(csv.text, new RegExp(`${license.id},…${license.keySuffix},enterprise,standalone,revoked`));
      const finance = await tokenFor(['licenses:read']);
      assert.equal((await finance.post('/admin/v1/licenses', { plan: 'pro', reason: 'x' })).status, 403);
    });

    it('shows a team with who does not meet its two-factor rule', async () => {
      const owner = await customer('teamowner');
      const team = await findOwnTeam(t.deps.db, owner.id);
      assert.ok(team);
      await t.deps.db
        .updateTable('teams')
        .set({ two_factor_required_at: new Date().toISOString(), two_factor_grace_days: 0 })
        .where('id', '=', team.id)
        .execute();
      const view = await api.get(`/admin/v1/teams/${team.id}`);
      assert.equal(view.status, 200, view.text);
      assert.equal(view.json.data.twoFactor.required, true);
      assert.deepEqual(
        view.json.data.members.map((m: { email: string; meetsTwoFactorRule: boolean }) => [m.email, m.meetsTwoFactorRule]),
        [[owner.email, false]],
      );
      assert.equal((await api.get(`/admin/v1/teams/${crypto.randomUUID()}`)).json.code, 'admin.team_not_found');
    });

    it('exports the audit stream as CSV and JSON Lines', async () => {
      const csv = await api.get('/admin/v1/audit/export?format=csv&type=account_disabled');
      assert.equal(csv.status, 200);
      assert.match(csv.text.split('\r\n')[0] ?? '', /^at,type,accountId,actorKind/);
      assert.match(csv.text, /account_disabled,[^,]*,token,/);
      const jsonl = await api.get('/admin/v1/audit/export?format=jsonl&type=account_disabled');
      const lines = jsonl.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      assert.ok(lines.length >= 1 && lines.every((line) => line.type === 'account_disabled' && line.reason));
    });

    it('CLI: grants an operator, makes a token printed once, enables, and `audit verify` finds a changed or removed row', async () => {
      const operator = await customer('cli-operator');
      await t.deps.db.updateTable('accounts').set({ email_verified_at: new Date().toISOString() }).where('id', '=', operator.id).execute();
      const granted = await runAdmin(['operator', 'grant', operator.email, '--role', 'finance'], t.databaseUrl);
      assert.equal(granted.code, 0, granted.stderr);
      const listed = await runAdmin(['operator', 'list', '--json'], t.databaseUrl);
      assert.ok(
        JSON.parse(listed.stdout).some((row: { email: string; role: string }) => row.email === operator.email && row.role === 'finance'),
      );
      const badRole = await runAdmin(['operator', 'grant', operator.email, '--role', 'god'], t.databaseUrl);
      assert.equal(badRole.code, 2);
      const made = await runAdmin(
        ['admin-token', 'create', '--name', 'billing', '--scopes', 'licenses:read,audit:read', '--json'],
        t.databaseUrl,
      );
      assert.equal(made.code, 0, made.stderr);
      const { id, token } = JSON.parse(made.stdout);
      assert.ok(id && token.startsWith('gha_'));
      const stored = await t.deps.db.selectFrom('admin_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.ok(!JSON.stringify(stored).includes(token), 'only a keyed hash is kept');
      const billing = new TestClient(t.adminUrl, { authorization: `Bearer ${token}` });
      assert.equal((await billing.get('/admin/v1/licenses')).status, 200);
      assert.equal((await runAdmin(['admin-token', 'revoke', id], t.databaseUrl)).code, 0);
      assert.equal((await billing.get('/admin/v1/licenses')).status, 401);

      const { email } = await customer();
      const disabled = await runAdmin(['account', 'disable', email, '--reason', 'Chargeback'], t.databaseUrl);
      assert.equal(disabled.code, 0, disabled.stderr);
      const enabled = await runAdmin(['account', 'enable', email, '--reason', 'Paid'], t.databaseUrl);
      assert.equal(enabled.code, 0, enabled.stderr);
      const cliRows = await t.deps.db.selectFrom('operator_actions').selectAll().where('actor_kind', '=', 'cli').orderBy('seq').execute();
      assert.ok(cliRows.some((row) => row.type === 'account_disabled' && row.reason === 'Chargeback'));

      const verified = await runAdmin(['audit', 'verify'], t.databaseUrl);
      assert.equal(verified.code, 0, verified.stdout + verified.stderr);
      assert.match(verified.stdout, /chain holds/);
      const victim = cliRows.find((row) => row.type === 'account_disabled');
      assert.ok(victim);
      await t.deps.db.updateTable('operator_actions').set({ reason: 'Nothing to see' }).where('seq', '=', victim.seq).execute();
      const changed = await runAdmin(['audit', 'verify'], t.databaseUrl);
      assert.equal(changed.code, 1);
      assert.match(changed.stdout, new RegExp(`row ${victim.seq} .*was changed`));
      await t.deps.db.updateTable('operator_actions').set({ reason: 'Chargeback' }).where('seq', '=', victim.seq).execute();
      await t.deps.db.deleteFrom('operator_actions').where('seq', '=', victim.seq).execute();
      const removed = await runAdmin(['audit', 'verify'], t.databaseUrl);
      assert.equal(removed.code, 1);
      assert.match(removed.stdout, new RegExp(`rows ${victim.seq} are missing`));
    });
  });
}

describe('admin exports (unit)', () => {
  it('quotes a cell that a spreadsheet would run as a formula', () => {
    assert.equal(toCsv(['a', 'b'], [['=HYPERLINK("x")', 'plain, with comma']]), 'a,b\r\n"\'=HYPERLINK(""x"")","plain, with comma"\r\n');
    assert.equal(toCsv(['a'], [['-1'], ['@x'], ['ok']]), 'a\r\n"\'-1"\r\n"\'@x"\r\nok\r\n');
  });
});
