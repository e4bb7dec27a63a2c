import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { freshEmail, invitationToken, invite, ownTeam, person, seedInvitation, teamPassword } from './support/teams.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

for (const dialect of await dialects('persistence')) {
  describe(`teams: managing a team (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    const someone = (prefix = 'person') => person(t, hash, prefix);
    /** An owner with one member who joined through an invitation. */
    const teamWithMember = async (role: 'admin' | 'member' = 'member') => {
      const owner = await someone('owner');
      const member = await someone('member');
      const { token } = await seedInvitation(t, owner.teamId, member.email, { role, inviterId: owner.id });
      assert.equal((await member.client.post(`/invitations/${token}/accept`)).status, 200);
      const team = await ownTeam(owner.client);
      const membership = team.members.find((m: { email: string }) => m.email === member.email);
      return { owner, member, membershipId: membership.id as string, ownerMembershipId: team.members[0].id as string };
    };

    before(async () => ({ t, hash } = await startWithHash(dialect, teamPassword)));
    after(() => t.stop());

    it('gives every new account a team of its own, with itself as owner', async () => {
      const owner = await someone();
      const team = await ownTeam(owner.client);
      assert.equal(team.id, owner.teamId);
      assert.equal(team.ownerEmail, owner.email);
      assert.equal(team.role, 'owner');
      assert.equal(team.license, null);
      assert.deepEqual(
        team.members.map((m: { email: string; role: string; you: boolean }) => [m.email, m.role, m.you]),
        [[owner.email, 'owner', true]],
      );
      assert.deepEqual(team.invitations, []);
      assert.deepEqual(team.limits, { members: 100, pendingInvitations: 50 });
    });

    it('answers 401 to every team call without a session', async () => {
      const anonymous = visitor(t);
      for (const [method, path] of [
        ['GET', '/team'],
        ['POST', '/team/invitations'],
        ['POST', '/team/invitations/x/resend'],
        ['DELETE', '/team/invitations/x'],
        ['PATCH', '/team/members/x'],
        ['DELETE', '/team/members/x'],
        ['POST', `/invitations/${'a'.repeat(43)}/accept`],
      ] as const) {
        const answer = await anonymous.request(
          method,
          path,
          method === 'DELETE' || method === 'GET' ? {} : { json: { email: 'a@example.com', role: 'member' } },
        );
        assert.equal(answer.status, 401, `${method} ${path}`);
        assert.equal(answer.json.code, 'auth.session_required');
      }
    });

    it('refuses a bad address or role with a coded 400 and sends nothing', async () => {
      const owner = await someone();
      const before = t.smtp.mails.length;
      for (const [body, code] of [
        [{ email: 'not an address', role: 'member' }, 'validation.email_invalid'],
        [{ email: 'x@example.com\r\nBcc: y@example.com', role: 'member' }, 'validation.email_invalid'],
        [{ email: 'x@example.com', role: 'owner' }, 'validation.invalid'],
        [{ email: 'x@example.com', role: 'boss' }, 'validation.invalid'],
      ] as const) {
        const answer = await owner.client.post('/team/invitations', body);
        assert.equal(answer.status, 400, JSON.stringify(body));
        assert.equal(answer.json.code, code);
      }
      assert.deepEqual((await ownTeam(owner.client)).invitations, []);
      assert.equal(t.smtp.mails.length, before);
    });

    it('lists a pending invitation for the owner, and refuses to invite an existing member', async () => {
      const { owner, member } = await teamWithMember();
      const refused = await invite(owner.client, member.email.toUpperCase());
      assert.equal(refused.status, 409);
      assert.equal(refused.json.code, 'team.already_member');
      const refusedSelf = await invite(owner.client, owner.email);
      assert.equal(refusedSelf.json.code, 'team.already_member');

      const invitee = freshEmail('invitee');
      const answer = await invite(owner.client, invitee, 'admin');
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.data.email, invitee);
      assert.equal(answer.json.data.role, 'admin');
      assert.equal(answer.json.data.invitedBy, owner.email);
      const days = (Date.parse(answer.json.data.expiresAt) - Date.parse(answer.json.data.createdAt)) / 86_400_000;
      assert.equal(days, 7);
      const team = await ownTeam(owner.client);
      assert.deepEqual(
        team.invitations.map((i: { email: string; role: string }) => [i.email, i.role]),
        [[invitee, 'admin']],
      );
      // The invitation link's token is stored only as a hash.
      const token = await invitationToken(t, invitee);
      const rows = JSON.stringify(await t.deps.db.selectFrom('team_invitations').selectAll().execute());
      assert.ok(!rows.includes(token));
    });

    it('replaces a pending invitation of the same address with the new one', async () => {
      const owner = await someone();
      const invitee = freshEmail('twice');
      const first = await seedInvitation(t, owner.teamId, invitee, { inviterId: owner.id });
      const answer = await invite(owner.client, invitee, 'admin');
      assert.equal(answer.status, 200, answer.text);
      const team = await ownTeam(owner.client);
      assert.equal(team.invitations.length, 1);
      assert.equal(team.invitations[0].role, 'admin');
      const old = await visitor(t).get(`/invitations/${first.token}`);
      assert.equal(old.status, 410);
      assert.equal(old.json.code, 'invitation.revoked');
    });

    it('resends with a new link (the old one stops working) and a new expiry; revokes', async () => {
      const owner = await someone();
      const invitee = freshEmail('resend');
      const seeded = await seedInvitation(t, owner.teamId, invitee, { inviterId: owner.id, expiresInMs: 60_000 });
      const resent = await owner.client.post(`/team/invitations/${seeded.id}/resend`);
      assert.equal(resent.status, 200, resent.text);
      assert.ok(Date.parse(resent.json.data.expiresAt) > Date.now() + 6 * 86_400_000);
      const token = await invitationToken(t, invitee);
      assert.notEqual(token, seeded.token);
      assert.equal((await visitor(t).get(`/invitations/${seeded.token}`)).json.code, 'invitation.invalid');
      assert.equal((await visitor(t).get(`/invitations/${token}`)).status, 200);
      // A second resend within the minute: the mail limit per address.
      const again = await owner.client.post(`/team/invitations/${seeded.id}/resend`);
      assert.equal(again.status, 429);
      assert.equal(again.json.code, 'rate.limited');

      const revoked = await owner.client.delete(`/team/invitations/${seeded.id}`);
      assert.equal(revoked.status, 200, revoked.text);
      assert.deepEqual((await ownTeam(owner.client)).invitations, []);
      const preview = await visitor(t).get(`/invitations/${token}`);
      assert.equal(preview.status, 410);
      assert.equal(preview.json.code, 'invitation.revoked');
      for (const answer of [
        await owner.client.delete(`/team/invitations/${seeded.id}`),
        await owner.client.post(`/team/invitations/${seeded.id}/resend`),
      ]) {
        assert.equal(answer.status, 404);
        assert.equal(answer.json.code, 'team.invitation_not_found');
      }
    });

    it('lets members read the team and its license, never manage it', async () => {
      const { owner, member, ownerMembershipId, membershipId } = await teamWithMember();
      const [key] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'business', count: 1, kind: 'standalone' });
      assert.equal((await owner.client.post('/license/activate', { license: key })).status, 200);
      const pending = await seedInvitation(t, owner.teamId, freshEmail('pending'), { inviterId: owner.id });

      const teams = (await member.client.get('/team')).json.data.teams;
      assert.equal(teams.length, 2, 'their own team and the one they joined');
      assert.equal(teams[0].ownerEmail, member.email);
      const joined = teams[1];
      assert.equal(joined.ownerEmail, owner.email);
      assert.equal(joined.role, 'member');
      assert.equal(joined.license.plan, 'business');
      assert.equal(joined.license.status, 'active');
      assert.deepEqual(joined.invitations, [], 'members do not see pending invitations');
      assert.equal(joined.members.length, 2);

      const refusals = [
        await invite(member.client, freshEmail('x'), 'member', owner.teamId),
        await member.client.post(`/team/invitations/${pending.id}/resend`),
        await member.client.delete(`/team/invitations/${pending.id}`),
        await member.client.request('PATCH', `/team/members/${ownerMembershipId}`, { json: { role: 'member' } }),
      ];
      for (const answer of refusals) {
        assert.equal(answer.status, 403, answer.text);
        assert.equal(answer.json.code, 'team.forbidden');
      }
      // Their own membership they can leave; the owner's they cannot touch.
      const removeOwner = await member.client.delete(`/team/members/${ownerMembershipId}`);
      assert.equal(removeOwner.status, 403);
      assert.equal((await ownTeam(owner.client)).members.length, 2);
      assert.equal((await member.client.delete(`/team/members/${membershipId}`)).status, 200);
      assert.equal((await member.client.get('/team')).json.data.teams.length, 1);
    });

    it('makes a member an admin, who can then invite and remove; the owner stays owner', async () => {
      const { owner, member, membershipId, ownerMembershipId } = await teamWithMember();
      const promote = await owner.client.request('PATCH', `/team/members/${membershipId}`, { json: { role: 'admin' } });
      assert.equal(promote.status, 200, promote.text);
      const invited = await invite(member.client, freshEmail('by-admin'), 'member', owner.teamId);
      assert.equal(invited.status, 200, invited.text);
      const adminView = (await member.client.get('/team')).json.data.teams[1];
      assert.equal(adminView.role, 'admin');
      assert.equal(adminView.invitations.length, 1, 'admins see pending invitations');

      for (const answer of [
        await owner.client.request('PATCH', `/team/members/${ownerMembershipId}`, { json: { role: 'admin' } }),
        await member.client.request('PATCH', `/team/members/${ownerMembershipId}`, { json: { role: 'member' } }),
        await member.client.delete(`/team/members/${ownerMembershipId}`),
        await owner.client.delete(`/team/members/${ownerMembershipId}`),
      ]) {
        assert.equal(answer.status, 409, answer.text);
        assert.equal(answer.json.code, 'team.owner_fixed');
      }
      const badRole = await owner.client.request('PATCH', `/team/members/${membershipId}`, { json: { role: 'owner' } });
      assert.equal(badRole.status, 400);
      assert.equal(badRole.json.code, 'validation.invalid');
    });

    it('settles two admins acting on each other at the same moment one after the other: never both', async () => {
      for (let round = 0; round < 6; round += 1) {
        const owner = await someone('owner');
        const [first, second] = [await someone('admin-a'), await someone('admin-b')];
        for (const admin of [first, second]) {
          const { token } = await seedInvitation(t, owner.teamId, admin.email, { role: 'admin', inviterId: owner.id });
          assert.equal((await admin.client.post(`/invitations/${token}/accept`)).status, 200);
        }
        const members = (await ownTeam(owner.client)).members as { id: string; email: string }[];
        const idOf = (email: string) => members.find((m) => m.email === email)?.id ?? '';
        // Even rounds: one demotes the other while the other removes them; odd: both remove each other.
        const answers = await Promise.all([
          round % 2 === 0
            ? first.client.request('PATCH', `/team/members/${idOf(second.email)}`, { json: { role: 'member' } })
            : first.client.delete(`/team/members/${idOf(second.email)}`),
          second.client.delete(`/team/members/${idOf(first.email)}`),
        ]);
        const statuses = answers.map((answer) => answer.status);
        assert.equal(statuses.filter((status) => status === 200).length, 1, `round ${round}: exactly one wins (${statuses})`);
        const loser = answers.find((answer) => answer.status !== 200);
        assert.ok(loser && [403, 404].includes(loser.status), `round ${round}: the other is refused (${statuses})`);
        // What the team holds agrees with the one that won.
        const after = (await ownTeam(owner.client)).members as { email: string; role: string }[];
        const firstWon = answers[0]?.status === 200;
        if (round % 2 === 0 && firstWon) {
          assert.equal(after.find((m) => m.email === second.email)?.role, 'member');
          assert.equal(after.find((m) => m.email === first.email)?.role, 'admin');
        } else {
          assert.equal(after.length, 2, `round ${round}: one admin is gone, the other stays`);
        }
      }
    });

    it('removing a member ends nothing but the membership', async () => {
      const { owner, member, membershipId } = await teamWithMember();
      const removed = await owner.client.delete(`/team/members/${membershipId}`);
      assert.equal(removed.status, 200, removed.text);
      assert.equal((await ownTeam(owner.client)).members.length, 1);
      // Still signed in, with their own team, and able to sign in again.
      const session = await member.client.get('/session');
      assert.equal(session.json.data.account.email, member.email);
      const teams = (await member.client.get('/team')).json.data.teams;
      assert.deepEqual(
        teams.map((team: { ownerEmail: string }) => team.ownerEmail),
        [member.email],
      );
      assert.equal((await visitor(t).postForm('/signin', { email: member.email, password: teamPassword })).status, 200);
      const again = await owner.client.delete(`/team/members/${membershipId}`);
      assert.equal(again.status, 404);
      assert.equal(again.json.code, 'team.member_not_found');
    });

    it('shows and touches nothing of another team: 404 for its members and invitations', async () => {
      const { owner, membershipId } = await teamWithMember();
      const pending = await seedInvitation(t, owner.teamId, freshEmail('other'), { inviterId: owner.id });
      const stranger = await someone('stranger');
      for (const answer of [
        await stranger.client.delete(`/team/members/${membershipId}`),
        await stranger.client.request('PATCH', `/team/members/${membershipId}`, { json: { role: 'admin' } }),
      ]) {
        assert.equal(answer.status, 404);
        assert.equal(answer.json.code, 'team.member_not_found');
      }
      for (const answer of [
        await stranger.client.delete(`/team/invitations/${pending.id}`),
        await stranger.client.post(`/team/invitations/${pending.id}/resend`),
      ]) {
        assert.equal(answer.status, 404);
        assert.equal(answer.json.code, 'team.invitation_not_found');
      }
      const inviteThere = await invite(stranger.client, freshEmail('x'), 'member', owner.teamId);
      assert.equal(inviteThere.status, 404);
      assert.equal(inviteThere.json.code, 'team.not_found');
      assert.equal((await ownTeam(owner.client)).invitations.length, 1);
    });

    it('describes every team call in the OpenAPI document', async () => {
      const doc = (await visitor(t).get('/openapi.json')).json;
      const expected: Record<string, string[]> = {
        '/team': ['get'],
        '/team/invitations': ['post'],
        '/team/invitations/{id}/resend': ['post'],
        '/team/invitations/{id}': ['delete'],
        '/team/members/{id}': ['patch', 'delete'],
        '/invitations/{token}': ['get'],
        '/invitations/{token}/accept': ['post'],
      };
      for (const [path, methods] of Object.entries(expected)) {
        for (const method of methods) assert.ok(doc.paths[path]?.[method]?.summary, `${method} ${path} is described`);
      }
    });
  });
}
