import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { updateAccount } from '../src/features/accounts/account.repository.ts';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { freshEmail, ownTeam, person, seedInvitation, teamPassword } from './support/teams.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

for (const dialect of await dialects('behaviour')) {
  describe(`teams: names and inviting several addresses (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    const someone = (prefix = 'person') => person(t, hash, prefix);
    const joined = async (owner: Awaited<ReturnType<typeof someone>>, role: 'admin' | 'member') => {
      const member = await someone(role);
      const { token } = await seedInvitation(t, owner.teamId, member.email, { role, inviterId: owner.id });
      assert.equal((await member.client.post(`/invitations/${token}/accept`)).status, 200);
      return member;
    };

    before(async () => {
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1' } });
      hash = await t.deps.hasher.hash(teamPassword);
    });
    after(() => t.stop());

    it("names an unnamed team after its owner's name, or the local part of the owner's address", async () => {
      const owner = await someone('grace.hopper');
      let team = await ownTeam(owner.client);
      assert.equal(team.name, null);
      assert.equal(team.ownerName, owner.email.split('@')[0]);
      await updateAccount(t.deps.db, owner.id, { first_name: 'Grace', family_name: 'Hopper' });
      team = await ownTeam(owner.client);
      assert.equal(team.ownerName, 'Grace Hopper');
    });

    it('lets the owner and admins name the team, trimmed; members are refused and nothing changes', async () => {
      const owner = await someone('owner');
      const admin = await joined(owner, 'admin');
      const member = await joined(owner, 'member');
      const named = await owner.client.request('PATCH', '/team', { json: { name: '  Night shift  ' } });
      assert.equal(named.status, 200, named.text);
      assert.equal((await ownTeam(owner.client)).name, 'Night shift');
      const byAdmin = await admin.client.request('PATCH', '/team', { json: { name: 'Ops 🚀', teamId: owner.teamId } });
      assert.equal(byAdmin.status, 200, byAdmin.text);
      const byMember = await member.client.request('PATCH', '/team', { json: { name: 'Mine now', teamId: owner.teamId } });
      assert.equal(byMember.status, 403);
      assert.equal(byMember.json.code, 'team.forbidden');
      const seen = (await member.client.get('/team')).json.data.teams.find((team: { id: string }) => team.id === owner.teamId);
      assert.equal(seen.name, 'Ops 🚀', 'members see the name');
      const stranger = await someone('stranger');
      const byStranger = await stranger.client.request('PATCH', '/team', { json: { name: 'Taken', teamId: owner.teamId } });
      assert.equal(byStranger.status, 404);
      assert.equal((await ownTeam(owner.client)).name, 'Ops 🚀');
      const anonymous = await visitor(t).request('PATCH', '/team', { json: { name: 'x' } });
      assert.equal(anonymous.status, 401);
    });

    it('refuses an empty, too long, multi-line or linked name with a coded, translated 400, and keeps the old one', async () => {
      const owner = await someone('owner');
      assert.equal((await owner.client.request('PATCH', '/team', { json: { name: 'Before' } })).status, 200);
      for (const [name, code] of [
        ['   ', 'team.name_required'],
        ['', 'team.name_required'],
        ['x'.repeat(61), 'team.name_too_long'],
        ['Two\nlines', 'team.name_invalid'],
        ['Evil\u202Eeman', 'team.name_invalid'],
        ['Claim at https://evil.example', 'team.name_link'],
        ['Visit WWW.evil.example now', 'team.name_link'],
        [42, 'team.name_required'],
      ] as const) {
        const answer = await owner.client.request('PATCH', '/team', { json: { name }, headers: { 'accept-language': 'de' } });
        assert.equal(answer.status, 400, JSON.stringify(name));
        assert.equal(answer.json.fields?.name ?? answer.json.code, code, answer.text);
      }
      assert.equal((await owner.client.request('PATCH', '/team', { json: { name: '🙂'.repeat(60) } })).status, 200, '60 characters fit');
      assert.equal((await ownTeam(owner.client)).name, '🙂'.repeat(60));
    });

    it('shows the name and the inviter by name on the invitation, and on the license a member uses', async () => {
      const owner = await someone('owner');
      await updateAccount(t.deps.db, owner.id, { first_name: 'Grace', family_name: 'Hopper' });
      await owner.client.request('PATCH', '/team', { json: { name: 'Night shift' } });
      const invitee = freshEmail('new');
      const { token } = await seedInvitation(t, owner.teamId, invitee, { inviterId: owner.id });
      const preview = (await visitor(t).get(`/invitations/${token}`)).json.data;
      assert.equal(preview.teamName, 'Night shift');
      assert.equal(preview.teamOwnerName, 'Grace Hopper');
      assert.equal(preview.inviterName, 'Grace Hopper');

      const [key] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'business', count: 1, kind: 'standalone' });
      assert.equal((await owner.client.post('/license/activate', { license: key })).status, 200);
      const member = await joined(owner, 'member');
      const session = (await member.client.get('/session')).json.data;
      assert.equal(session.teamLicense.teamName, 'Night shift');
      assert.equal(session.teamLicense.ownerName, 'Grace Hopper');
    });

    it('mails a named team by its name', async () => {
      const owner = await someone('owner');
      await owner.client.request('PATCH', '/team', { json: { name: 'Night shift' } });
      const invitee = freshEmail('colleague');
      assert.equal((await owner.client.post('/team/invitations', { email: invitee })).status, 200);
      const mail = await t.smtp.waitFor(invitee);
      assert.equal(mail.subject, 'Join the team “Night shift” on Gatehouse');
      assert.ok(mail.text.includes(`${owner.email} invited you to join the team “Night shift”`), mail.text);
    });

    it('invites several addresses at once, answering each: invited, member, already invited, invalid; duplicates once', async () => {
      const owner = await someone('owner');
      const member = await joined(owner, 'member');
      const pending = freshEmail('pending');
      const seeded = await seedInvitation(t, owner.teamId, pending, { inviterId: owner.id });
      const [a, b] = [freshEmail('a'), freshEmail('b')];
      const answer = await owner.client.post('/team/invitations/batch', {
        emails: [a, member.email, pending.toUpperCase(), 'not an address', b, a],
        role: 'admin',
      });
      assert.equal(answer.status, 200, answer.text);
      const results = answer.json.data.results as { email: string; outcome: string; code?: string; invitation?: { id: string } }[];
      assert.deepEqual(
        results.map((r) => [r.email, r.outcome, r.code ?? null]),
        [
          [a, 'invited', null],
          [member.email, 'already_member', 'team.already_member'],
          [pending.toUpperCase().replace(/@.*/, '') + pending.slice(pending.indexOf('@')), 'already_invited', 'team.already_invited'],
          ['not an address', 'invalid', 'validation.email_invalid'],
          [b, 'invited', null],
        ],
      );
      assert.equal(results[2]?.invitation?.id, seeded.id, 'the invitation to resend');
      await t.smtp.waitFor(a);
      await t.smtp.waitFor(b);
      const team = await ownTeam(owner.client);
      assert.deepEqual(team.invitations.map((i: { email: string; role: string }) => `${i.email} ${i.role}`).sort(), [
        `${a} admin`,
        `${b} admin`,
        `${pending} member`,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(t.smtp.mailsTo(pending).length, 0, 'the pending invitation keeps its link: nothing was mailed');
      assert.equal(t.smtp.mailsTo(member.email).length, 0);
    });

    it('refuses a batch from a member, and an empty or oversized one, sending nothing', async () => {
      const owner = await someone('owner');
      const member = await joined(owner, 'member');
      const before = t.smtp.mails.length;
      const byMember = await member.client.post('/team/invitations/batch', { emails: [freshEmail('x')], teamId: owner.teamId });
      assert.equal(byMember.status, 403);
      const empty = await owner.client.post('/team/invitations/batch', { emails: [] });
      assert.equal(empty.status, 400);
      const many = await owner.client.post('/team/invitations/batch', { emails: Array.from({ length: 51 }, () => freshEmail('m')) });
      assert.equal(many.status, 400);
      assert.deepEqual((await ownTeam(owner.client)).invitations, []);
      assert.equal(t.smtp.mails.length, before);
    });
  });
}
