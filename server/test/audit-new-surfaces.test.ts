import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { assertSecurityHeaders } from './support/security-headers.ts';
import { ownTeam, person, seedInvitation, teamPassword } from './support/teams.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

// docs/security-tests.md, "Settings, teams and single sign-on": the audit of the surfaces added
// after the first one, as an attacker would go through them (decision 019).

const changed = 'Rotated away 2027 now';

for (const dialect of await dialects('behaviour')) {
  describe(`audit of settings and teams (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    before(async () => ({ t, hash } = await startWithHash(dialect, teamPassword)));
    after(() => t.stop());

    it('gives the browser a new session id on a password change: a copy of the old cookie signs in nothing', async () => {
      const { client, email } = await person(t, hash, 'rotate');
      const stolen = visitor(t);
      for (const [name, value] of client.cookies) stolen.cookies.set(name, value);
      assert.equal((await stolen.get('/session')).json.data.account.email, email, 'the copy works before');
      const answer = await client.post('/account/password', { currentPassword: teamPassword, password: changed });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.headers.getSetCookie().length, 1, 'a new session cookie');
      assert.equal((await client.get('/session')).json.data.account.email, email, 'this browser stays signed in');
      assert.equal((await stolen.get('/session')).json.data, null, 'the old cookie is dead');
      const sessions = await t.deps.db
        .selectFrom('sessions')
        .select('id')
        .where('account_id', '=', (await client.get('/session')).json.data.account.id)
        .execute();
      assert.equal(sessions.length, 1);
    });

    it('refuses every settings and team change from another site, PATCH and DELETE included, and changes nothing', async () => {
      const owner = await person(t, hash, 'csrf-owner');
      const member = await person(t, hash, 'csrf-member');
      const team = await ownTeam(owner.client);
      const invitation = await seedInvitation(t, owner.teamId, member.email);
      const before = JSON.stringify(await t.deps.db.selectFrom('team_invitations').selectAll().execute());
      const calls: Array<[string, string, unknown]> = [
        ['PUT', '/account/consents', { consent: true }],
        ['POST', '/account/password', { currentPassword: teamPassword, password: changed }],
        ['POST', '/account/email', { email: 'elsewhere@example.com', currentPassword: teamPassword }],
        ['POST', '/account/email/confirm', { code: '123456' }],
        ['POST', '/sessions/end-others', {}],
        ['DELETE', '/sessions/00000000-0000-0000-0000-000000000000', undefined],
        ['POST', '/account/deletion-code', {}],
        ['POST', '/account/delete', { currentPassword: teamPassword }],
        ['POST', '/team/invitations', { email: 'x@example.com', role: 'member' }],
        ['POST', `/team/invitations/${invitation.id}/resend`, {}],
        ['DELETE', `/team/invitations/${invitation.id}`, undefined],
        ['PATCH', `/team/members/${team.members?.[0]?.id ?? 'x'}`, { role: 'admin' }],
        ['DELETE', `/team/members/${team.members?.[0]?.id ?? 'x'}`, undefined],
        ['POST', `/invitations/${invitation.token}/accept`, {}],
        ['DELETE', '/sso/identities/x', undefined],
      ];
      for (const [method, path, json] of calls) {
        for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Array<Record<string, string>>) {
          const client = method === 'POST' && path.startsWith('/invitations/') ? member.client : owner.client;
          const answer = await client.request(method, path, { json, headers });
          assert.deepEqual([answer.status, answer.json?.code], [403, 'request.cross_site'], `${method} ${path} ${JSON.stringify(headers)}`);
        }
      }
      assert.equal(JSON.stringify(await t.deps.db.selectFrom('team_invitations').selectAll().execute()), before);
      assert.equal((await owner.client.get('/session')).json.data.account.email, owner.email);
    });

    it('keeps personal data and invitation tokens out of caches and Referer headers', async () => {
      const owner = await person(t, hash, 'cache');
      const invitation = await seedInvitation(t, owner.teamId, 'invited-cache@example.com');
      for (const [client, path] of [
        [owner.client, '/account/export'],
        [owner.client, '/account'],
        [owner.client, '/team'],
        [visitor(t), `/invitations/${invitation.token}`],
      ] as const) {
        const answer = await client.get(path);
        assert.equal(answer.status, 200, `${path}: ${answer.text}`);
        assert.match(answer.headers.get('cache-control') ?? '', /no-store/, `${path}: Cache-Control`);
        assertSecurityHeaders(answer.headers, path);
        assert.match(
          answer.headers.get('referrer-policy') ?? '',
          /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
          path,
        );
      }
    });
  });
}
