import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Plan } from '@gatehouse/contract';
import * as oidc from 'openid-client';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { codeFlow, discover, registerClient } from './support/oidc-app.ts';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.ts';
import { ssoRoundTrip } from './support/sso.ts';
import { freshEmail, ownTeam, person, seedInvitation, teamPassword } from './support/teams.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { totpAt } from './support/totp.ts';
import { markSessionsProvedWithTwoFactorsDirectly, signInWithTwoFactorsDirectly } from './support/two-factor.ts';

// A team that requires two-factor (decision 047): the rule is read at every request from the
// team's setting and how the current session was proved. Where a test is about the rule and not
// the sign-in, a member complies through the direct writes of support/two-factor.ts.

const day = 86_400_000;

for (const dialect of await dialects('behaviour')) {
  describe(`teams: requiring two-factor (${dialect})`, () => {
    let t: TestApp;
    let google: TestOidcProvider;
    let hash: string;
    const someone = (prefix = 'person') => person(t, hash, prefix);
    type Person = Awaited<ReturnType<typeof someone>>;
    const patch = (client: TestClient, json: object) => client.request('PATCH', '/team', { json });
    const joined = async (owner: Person, role: 'admin' | 'member', prefix: string = role) => {
      const member = await someone(prefix);
      const { token } = await seedInvitation(t, owner.teamId, member.email, { role, inviterId: owner.id });
      assert.equal((await member.client.post(`/invitations/${token}/accept`)).status, 200);
      return member;
    };
    const teamAs = async (client: TestClient, teamId: string) => {
      const answer = await client.get('/team');
      assert.equal(answer.status, 200, answer.text);
      return answer.json.data.teams.find((team: { id: string }) => team.id === teamId);
    };
    const sessionOf = async (client: TestClient) => (await client.get('/session')).json.data;
    const activate = async (client: TestClient, plan: Plan) => {
      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan, count: 1, kind: 'standalone' });
      const answer = await client.post('/license/activate', { license: key });
      assert.equal(answer.status, 200, answer.text);
    };
    /** A team with a license, an admin and a member, requiring two-factor with this grace. */
    const requiringTeam = async (graceDays?: number) => {
      const owner = await someone('owner');
      await activate(owner.client, 'business');
      const admin = await joined(owner, 'admin');
      const member = await joined(owner, 'member');
      const on = await patch(owner.client, { requireTwoFactor: true, ...(graceDays === undefined ? {} : { graceDays }) });
      assert.equal(on.status, 200, on.text);
      return { owner, admin, member };
    };
    const assertWithheld = async (client: TestClient, teamId: string) => {
      const team = await teamAs(client, teamId);
      assert.equal(team.twoFactor.withheld, true);
      assert.deepEqual([team.invitations, team.license], [[], null], 'nothing of the team but its name and rule');
      assert.deepEqual(
        team.members.map((row: { you: boolean }) => row.you),
        [true],
        'and the caller’s own membership, to leave it by',
      );
      const session = await sessionOf(client);
      assert.equal(session.teamLicense, null, "the team's license does not apply");
      assert.equal(session.teamTwoFactor.withheld, true);
      assert.equal(session.teamTwoFactor.teamId, teamId);
    };

    before(async () => {
      google = await startOidcProvider({ flavour: 'google' });
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1', SSO_TIMEOUT_MS: '1500', ...google.env() } });
      hash = await t.deps.hasher.hash(teamPassword);
    });
    after(async () => {
      await t.stop();
      await google.stop();
    });

    it('the owner and admins turn it on (7 days unless given) and off; members and strangers are refused and nothing changes', async () => {
      const owner = await someone('owner');
      const admin = await joined(owner, 'admin');
      const member = await joined(owner, 'member');
      let team = await ownTeam(owner.client);
      assert.deepEqual(team.twoFactor, { required: false, graceDays: 7, deadline: null, complies: true, withheld: false });

      t.clock.stop();
      const start = t.clock.now();
      assert.equal((await patch(owner.client, { requireTwoFactor: true })).status, 200);
      team = await ownTeam(owner.client);
      assert.equal(team.twoFactor.required, true);
      assert.equal(team.twoFactor.graceDays, 7);
      assert.equal(team.twoFactor.deadline, new Date(start.getTime() + 7 * day).toISOString());
      assert.equal(team.twoFactor.complies, false);
      assert.equal(team.twoFactor.withheld, false);

      // An admin lengthens the grace: counted from the same start, not from now.
      t.clock.advance(60_000);
      assert.equal((await patch(admin.client, { graceDays: 14, teamId: owner.teamId })).status, 200);
      assert.equal((await ownTeam(owner.client)).twoFactor.deadline, new Date(start.getTime() + 14 * day).toISOString());
      t.clock.resume();

      const byMember = await patch(member.client, { requireTwoFactor: false, teamId: owner.teamId });
      assert.equal(byMember.status, 403);
      assert.equal(byMember.json.code, 'team.forbidden');
      const stranger = await someone('stranger');
      assert.equal((await patch(stranger.client, { requireTwoFactor: false, teamId: owner.teamId })).status, 404);
      assert.equal((await patch(visitor(t), { requireTwoFactor: false })).status, 401);
      assert.equal((await ownTeam(owner.client)).twoFactor.required, true, 'still required');

      assert.equal((await patch(admin.client, { requireTwoFactor: false, teamId: owner.teamId })).status, 200);
      team = await ownTeam(owner.client);
      assert.equal(team.twoFactor.required, false);
      assert.equal(team.twoFactor.deadline, null);
      const events = await t.deps.db.selectFrom('auth_events').select('account_id').where('type', '=', 'team_two_factor_changed').execute();
      assert.deepEqual(events.map((event) => event.account_id).sort(), [owner.id, admin.id, admin.id].sort());
    });

    it('refuses a wrong grace or an empty change with a coded 400, and keeps the rule', async () => {
      const owner = await someone('owner');
      assert.equal((await patch(owner.client, { requireTwoFactor: true, graceDays: 3 })).status, 200);
      const before = (await ownTeam(owner.client)).twoFactor;
      for (const [json, code] of [
        [{ requireTwoFactor: true, graceDays: -1 }, 'team.two_factor_grace_invalid'],
        [{ requireTwoFactor: true, graceDays: 91 }, 'team.two_factor_grace_invalid'],
        [{ graceDays: 1.5 }, 'team.two_factor_grace_invalid'],
        [{ graceDays: '2' }, 'team.two_factor_grace_invalid'],
        [{ requireTwoFactor: 'yes' }, 'validation.invalid'],
        [{}, 'validation.invalid'],
      ] as const) {
        const answer = await patch(owner.client, json);
        assert.equal(answer.status, 400, JSON.stringify(json));
        const field = answer.json.fields?.graceDays ?? answer.json.fields?.requireTwoFactor ?? answer.json.fields?.name;
        assert.equal(field ?? answer.json.code, code, answer.text);
      }
      assert.deepEqual((await ownTeam(owner.client)).twoFactor, before);
    });

    it('during the grace a member has everything and a notice with the deadline; after it, the team and its license are withheld', async () => {
      const { owner, admin, member } = await requiringTeam();
      let team = await teamAs(member.client, owner.teamId);
      assert.equal(team.twoFactor.withheld, false);
      assert.equal(team.members.length, 3, 'the grace runs: full access');
      assert.equal(team.license.plan, 'business');
      let session = await sessionOf(member.client);
      assert.equal(session.teamLicense.license.plan, 'business');
      assert.equal(session.teamTwoFactor.deadline, team.twoFactor.deadline);
      assert.deepEqual([session.teamTwoFactor.withheld, session.teamTwoFactor.enrolled, session.teamTwoFactor.own], [false, false, false]);

      const { id: memberId } = team.members.find((row: { email: string }) => row.email === member.email);
      t.clock.advance(7 * day + 1000);
      // A new sign-in after the week (the sessions' idle time has run out too).
      const memberNow = await signIn(t, member.email, teamPassword);
      const passwordOnly = await signIn(t, member.email, teamPassword);
      const adminNow = await signIn(t, admin.email, teamPassword);
      await assertWithheld(memberNow, owner.teamId);
      assert.equal((await memberNow.get('/license')).json.data, null);

      // Let into Gatehouse all the same: the account, its settings and its own team.
      assert.equal((await memberNow.get('/sessions')).status, 200);
      const own = await ownTeam(memberNow);
      assert.equal(own.members.length, 1, 'their own team does not require it');

      // Every call on the team refuses with the reason, for admins too.
      const refusals = [
        await adminNow.post('/team/invitations', { email: freshEmail('late'), teamId: owner.teamId }),
        await adminNow.post('/team/invitations/batch', { emails: [freshEmail('late')], teamId: owner.teamId }),
        await patch(adminNow, { name: 'Renamed', teamId: owner.teamId }),
        await patch(adminNow, { requireTwoFactor: false, teamId: owner.teamId }),
      ];
      refusals.push(await adminNow.request('PATCH', `/team/members/${memberId}`, { json: { role: 'admin' } }));
      refusals.push(await adminNow.request('DELETE', `/team/members/${memberId}`));
      const pending = await seedInvitation(t, owner.teamId, freshEmail('pending'), { inviterId: owner.id });
      refusals.push(await adminNow.post(`/team/invitations/${pending.id}/resend`));
      refusals.push(await adminNow.request('DELETE', `/team/invitations/${pending.id}`));
      for (const answer of refusals) {
        assert.equal(answer.status, 403, answer.text);
        assert.equal(answer.json.code, 'team.two_factor_required');
      }
      team = await teamAs(await signIn(t, owner.email, teamPassword), owner.teamId);
      assert.equal(team.twoFactor.withheld, true, 'the owner is held to it too');

      // Enrolling proves the factor in the session that confirmed it: everything is back, at the next request.
      const begun = await memberNow.post('/account/two-factor/totp', { currentPassword: teamPassword });
      assert.equal(begun.status, 200, begun.text);
      const { secret } = begun.json.data;
      const confirmed = await memberNow.post('/account/two-factor/totp/confirm', { code: totpAt(secret, t.clock.now()) });
      assert.equal(confirmed.status, 200, confirmed.text);
      team = await teamAs(memberNow, owner.teamId);
      assert.equal(team.twoFactor.complies, true);
      assert.equal(team.members.length, 3);
      assert.equal(team.invitations.length, 0, 'a member sees no invitations, as always');
      session = await sessionOf(memberNow);
      assert.equal(session.teamLicense.license.plan, 'business');
      assert.equal(session.teamTwoFactor, null);

      // Having the factor is not enough: a session signed in with the password alone before it is withheld.
      await assertWithheld(passwordOnly, owner.teamId);
      assert.equal((await sessionOf(passwordOnly)).teamTwoFactor.enrolled, true, 'the notice says to sign in with it');

      // A new sign-in asks for the code, and the session it makes complies.
      const browser = visitor(t);
      const first = await browser.postForm('/signin', { email: member.email, password: teamPassword });
      assert.deepEqual(first.json.data, { twoFactor: { methods: ['totp', 'recovery'] } });
      t.clock.advance(30_000);
      const second = await browser.post('/signin/two-factor', { code: totpAt(secret, t.clock.now()) });
      assert.equal(second.status, 200, second.text);
      assert.equal((await teamAs(browser, owner.teamId)).twoFactor.complies, true);
    });

    it('a grace shortened to 0 ends at the next request, for sessions already signed in', async () => {
      const { owner, member } = await requiringTeam(30);
      assert.equal((await teamAs(member.client, owner.teamId)).members.length, 3);
      assert.equal((await patch(owner.client, { graceDays: 0 })).status, 200);
      await assertWithheld(member.client, owner.teamId);
      assert.equal((await ownTeam(owner.client)).twoFactor.withheld, true);
      // Turned off (by a compliant owner), everything is back at once.
      await signInWithTwoFactorsDirectly(t.deps, owner.id);
      assert.equal((await patch(owner.client, { requireTwoFactor: false })).status, 200);
      assert.equal((await teamAs(member.client, owner.teamId)).members.length, 3);
      assert.equal((await sessionOf(member.client)).teamTwoFactor, null);
    });

    it('the owner: their own license is the team’s, withheld with it, and only a two-factor session lowers the rule', async () => {
      const { owner, member } = await requiringTeam(0);
      let session = await sessionOf(owner.client);
      assert.equal(session.license, null, "the owner's license is the team's");
      assert.equal(session.teamTwoFactor.own, true);
      assert.equal(session.teamTwoFactor.withheld, true);
      assert.equal((await owner.client.get('/license')).json.data, null);
      const off = await patch(owner.client, { requireTwoFactor: false });
      assert.equal(off.status, 403, 'a password alone cannot lower the bar');
      assert.equal(off.json.code, 'team.two_factor_required');
      await signInWithTwoFactorsDirectly(t.deps, owner.id);
      session = await sessionOf(owner.client);
      assert.equal(session.license.plan, 'business');
      assert.equal(session.teamTwoFactor, null);
      // The owner sees who has a second factor (a yes or no, never anything of the factor).
      await signInWithTwoFactorsDirectly(t.deps, member.id);
      const team = await ownTeam(owner.client);
      const flags = Object.fromEntries(team.members.map((row: { email: string; twoFactor: boolean }) => [row.email, row.twoFactor]));
      assert.equal(flags[owner.email], true);
      assert.equal(flags[member.email], true);
      assert.equal(Object.values(flags).filter((flag) => flag === false).length, 1, 'the admin has none');
      assert.doesNotMatch(JSON.stringify(team), /secret|otpauth|v1\./);
      const seenByMember = await teamAs(member.client, owner.teamId);
      assert.ok(
        seenByMember.members.every((row: { twoFactor?: boolean }) => row.twoFactor === undefined),
        'members do not see it',
      );
    });

    it('joining after the deadline gives no grace, by every way in: accepting, signing up from the invitation, single sign-on', async () => {
      const { owner } = await requiringTeam(0);
      // Accepting while signed in.
      const accepting = await joined(owner, 'member', 'accepting');
      await assertWithheld(accepting.client, owner.teamId);

      // Signing up from the invitation: the password set joins the team.
      const newcomer = freshEmail('newcomer');
      const invited = await seedInvitation(t, owner.teamId, newcomer, { inviterId: owner.id });
      const browser = visitor(t);
      const signup = await browser.post('/user/signup', { email: newcomer, dataProcessingConsent: true, invitation: invited.token });
      assert.equal(signup.status, 200, signup.text);
      const set = await browser.post('/user/set-password', { email: newcomer, password: teamPassword, token: signup.json.data.token });
      assert.equal(set.status, 200, set.text);
      await assertWithheld(browser, owner.teamId);

      // Single sign-on from the invitation.
      const ssoAddress = freshEmail('sso.joiner');
      const ssoInvitation = await seedInvitation(t, owner.teamId, ssoAddress, { inviterId: owner.id });
      const user = google.addUser({ email: ssoAddress, emailVerified: true });
      const ssoBrowser = visitor(t);
      const back = await ssoRoundTrip(
        ssoBrowser,
        google,
        user.login,
        `intent=signup&dataProcessingConsent=1&invitation=${ssoInvitation.token}`,
      );
      assert.equal(back.query.get('joined'), '1', back.path);
      await assertWithheld(ssoBrowser, owner.teamId);
    });

    it('leaving and joining again does not restart the grace; a join during the grace gets what is left of it', async () => {
      const { owner } = await requiringTeam(2);
      const deadline = (await ownTeam(owner.client)).twoFactor.deadline;
      t.clock.advance(day);
      const late = await joined(owner, 'member', 'late');
      assert.equal((await teamAs(late.client, owner.teamId)).twoFactor.deadline, deadline, "the team's deadline, not a day from the join");
      const mine = (await teamAs(late.client, owner.teamId)).members.find((row: { you: boolean }) => row.you);
      assert.equal((await late.client.request('DELETE', `/team/members/${mine.id}`)).status, 200, 'leaving needs no second factor');
      t.clock.advance(day + 1000);
      const again = await signIn(t, late.email, teamPassword);
      const { token } = await seedInvitation(t, owner.teamId, late.email, { inviterId: owner.id });
      assert.equal((await again.post(`/invitations/${token}/accept`)).status, 200);
      await assertWithheld(again, owner.teamId);
      // Past the deadline, leaving still needs no second factor: the withheld team names the
      // caller's own membership for it.
      const [own] = (await teamAs(again, owner.teamId)).members;
      assert.equal(own.email, late.email);
      assert.equal((await again.request('DELETE', `/team/members/${own.id}`)).status, 200);
      const left = await again.get('/team');
      assert.deepEqual(
        left.json.data.teams.map((team: { id: string }) => team.id),
        [(await ownTeam(again)).id],
        'only their own team is left',
      );
    });

    it("an app's claims leave out a withheld team: no plan, limits or team, until the app's session was proved with two factors", async () => {
      const app = await registerClient(t);
      const config = await discover(t, app);
      const { owner, member } = await requiringTeam(0);
      const claimsOf = async (client: TestClient) => (await codeFlow(config, client, app.redirectUri)).tokens;
      const memberTokens = await claimsOf(member.client);
      let claims = memberTokens.claims();
      assert.equal(claims?.plan, null);
      assert.equal(claims?.limits, null);
      assert.equal(claims?.license_status, 'none');
      assert.notEqual(claims?.team_id, owner.teamId);
      assert.ok(!((claims?.teams ?? []) as { id: string }[]).some((team) => team.id === owner.teamId), 'not among its teams');
      const ownerClaims = (await claimsOf(owner.client)).claims();
      assert.deepEqual([ownerClaims?.plan, ownerClaims?.license_status, ownerClaims?.team_id], [null, 'none', null]);

      // The session behind the app proved with two factors: the refresh and userinfo show the team's license.
      await markSessionsProvedWithTwoFactorsDirectly(t.deps.db, member.id);
      const refreshed = await oidc.refreshTokenGrant(config, memberTokens.refresh_token ?? '');
      claims = refreshed.claims();
      assert.equal(claims?.plan, 'business');
      assert.equal(claims?.license_source, 'team');
      assert.equal(claims?.team_id, owner.teamId);
      const info = await oidc.fetchUserInfo(config, refreshed.access_token, member.id);
      assert.equal(info.plan, 'business');
    });
  });
}
