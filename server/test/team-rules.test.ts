import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { languages } from '@gatehouse/contract';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { loadConfig } from '../src/config.ts';
import { createDatabase, migrate } from '../src/db/database.ts';
import * as initial from '../src/db/migrations/0001-initial.ts';
import * as panelAccounts from '../src/db/migrations/0002-panel-accounts.ts';
import * as panelOrigins from '../src/db/migrations/0003-panel-origins.ts';
import { renderMail } from '../src/mail/templates.ts';
import { visitor } from './support/accounts.ts';
import { dialects, freshDatabase } from './support/databases.ts';
import { freshEmail, invitationToken, invite, ownTeam, person, seedInvitation, teamPassword } from './support/teams.ts';
import { startLoggingTestApp, startTestApp, type TestApp } from './support/test-app.ts';

describe('teams: the invitation mail', () => {
  it('renders in all 8 languages with the brand, the team, the inviter, the link and the date, no placeholder left', () => {
    const bodies = new Set<string>();
    const params = {
      link: 'https://portal.example.com/signup?invitation=abc',
      inviter: 'grace@example.com',
      team: 'ada@example.com',
      expiresAt: '2026-12-01T09:30:00.000Z',
    };
    for (const language of languages) {
      const mail = renderMail('team_invitation', language, { name: 'Acme Monitoring', color: '#0f766e' }, params);
      for (const [part, value] of Object.entries(mail)) {
        assert.ok(value.includes('Acme Monitoring'), `${language} ${part} names the brand`);
        assert.ok(value.includes('ada@example.com'), `${language} ${part} names the team`);
        assert.doesNotMatch(value, /\{\w+\}/, `${language} ${part} has a leftover placeholder`);
      }
      for (const value of [mail.text, mail.html]) {
        assert.ok(value.includes('grace@example.com') && value.includes(params.link), `${language} names the inviter and links`);
        assert.match(value, /2026/, `${language} says until when`);
        assert.match(value, /UTC/, `${language} names the time zone`);
      }
      bodies.add(mail.text);
    }
    assert.equal(bodies.size, languages.length);
  });
});

describe('teams: configuration', () => {
  it('reads the limits from TEAM_MAX_MEMBERS and TEAM_MAX_PENDING_INVITATIONS and refuses nonsense by name', () => {
    assert.deepEqual(loadConfig({}).teams, { maxMembers: 100, maxPendingInvitations: 50 });
    assert.deepEqual(loadConfig({ TEAM_MAX_MEMBERS: '5', TEAM_MAX_PENDING_INVITATIONS: '3' }).teams, {
      maxMembers: 5,
      maxPendingInvitations: 3,
    });
    assert.throws(() => loadConfig({ TEAM_MAX_MEMBERS: '0' }), /TEAM_MAX_MEMBERS/);
    assert.throws(() => loadConfig({ TEAM_MAX_PENDING_INVITATIONS: 'many' }), /TEAM_MAX_PENDING_INVITATIONS/);
  });
});

describe('teams: logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  before(async () => {
    t = await startLoggingTestApp(lines);
  });
  after(() => t.stop());

  it('never hold an invitation token', async () => {
    const hash = await t.deps.hasher.hash(teamPassword);
    const owner = await person(t, hash, 'owner');
    const invitee = freshEmail('quiet');
    assert.equal((await invite(owner.client, invitee)).status, 200);
    const token = await invitationToken(t, invitee);
    const browser = visitor(t);
    await browser.get(`/signup?invitation=${token}`, { accept: 'text/html' });
    assert.equal((await browser.get(`/invitations/${token}`)).status, 200);
    const signup = await browser.post('/user/signup', { email: invitee, dataProcessingConsent: true, invitation: token });
    assert.equal(signup.status, 200);
    await browser.post(`/invitations/${token}/accept`);
    await browser.get(`/invitations/${token}x`);
    const log = lines.join('\n');
    assert.ok(
      lines.some((line) => line.includes('/invitations/:token')),
      'the calls were logged, without their token',
    );
    assert.ok(!log.includes(token), 'no invitation token in the log');
    assert.ok(!log.includes(signup.json.data.token), 'no set-password token in the log');
  });
});

for (const dialect of await dialects('behaviour')) {
  describe(`teams: limits (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    before(async () => {
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1', TEAM_MAX_MEMBERS: '2', TEAM_MAX_PENDING_INVITATIONS: '2' } });
      hash = await t.deps.hasher.hash(teamPassword);
    });
    after(() => t.stop());

    it('holds at most the configured number of pending invitations', async () => {
      const owner = await person(t, hash, 'owner');
      const first = freshEmail('a');
      assert.equal((await invite(owner.client, first)).status, 200);
      assert.equal((await invite(owner.client, freshEmail('b'))).status, 200);
      const third = await invite(owner.client, freshEmail('c'));
      assert.equal(third.status, 409);
      assert.equal(third.json.code, 'team.invitation_limit');
      assert.equal((await ownTeam(owner.client)).invitations.length, 2);
      // An expired one does not count; a revoked one frees its place.
      await t.deps.db.updateTable('team_invitations').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', first).execute();
      assert.equal((await invite(owner.client, freshEmail('d'))).status, 200);
    });

    it('holds at most the configured number of members, at invitation and at acceptance', async () => {
      const owner = await person(t, hash, 'owner');
      const first = await person(t, hash, 'first');
      const second = await person(t, hash, 'second');
      const a = await seedInvitation(t, owner.teamId, first.email, { inviterId: owner.id });
      const b = await seedInvitation(t, owner.teamId, second.email, { inviterId: owner.id });
      assert.equal((await first.client.post(`/invitations/${a.token}/accept`)).status, 200);
      const full = await second.client.post(`/invitations/${b.token}/accept`);
      assert.equal(full.status, 409);
      assert.equal(full.json.code, 'team.member_limit');
      const refused = await invite(owner.client, freshEmail('more'));
      assert.equal(refused.status, 409);
      assert.equal(refused.json.code, 'team.member_limit');
      assert.equal((await ownTeam(owner.client)).members.length, 2);
    });
  });

  describe(`teams: migration 0007 (${dialect})`, () => {
    it('gives every existing account a team it owns', async () => {
      const database = await freshDatabase(dialect);
      const config = loadConfig({ DATABASE_URL: database.url });
      const db = createDatabase(config.database);
      try {
        const before = new Migrator({
          db,
          provider: {
            getMigrations: async () => ({
              '0001-initial': initial,
              '0002-panel-accounts': panelAccounts,
              '0003-panel-origins': panelOrigins,
            }),
          },
        });
        assert.equal((await before.migrateToLatest()).error, undefined);
        const now = new Date().toISOString();
        for (const id of ['a1', 'a2', 'a3']) {
          await sql`insert into accounts (id, email, email_key, locale, created_at, updated_at)
            values (${id}, ${`${id}@example.com`}, ${`${id}@example.com`}, 'en', ${now}, ${now})`.execute(db);
        }
        await migrate(db);
        const teams = await db.selectFrom('teams').selectAll().orderBy('owner_account_id').execute();
        assert.deepEqual(
          teams.map((team) => team.owner_account_id),
          ['a1', 'a2', 'a3'],
        );
        const owners = await db.selectFrom('team_members').selectAll().execute();
        assert.deepEqual(owners.map((m) => [m.account_id, m.role, teams.find((team) => team.id === m.team_id)?.owner_account_id]).sort(), [
          ['a1', 'owner', 'a1'],
          ['a2', 'owner', 'a2'],
          ['a3', 'owner', 'a3'],
        ]);
      } finally {
        await (db as Kysely<unknown>).destroy();
        await database.drop();
      }
    });
  });
}
