import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sha256 } from '../src/lib/crypto.ts';
import { visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.ts';
import { refuseInserts } from './support/refuse-inserts.ts';
import { callback, fromOurPage, ssoRoundTrip, startSso } from './support/sso.ts';
import { freshEmail, invitationToken, invite, ownTeam, person, seedInvitation, teamPassword } from './support/teams.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Teams with single sign-on: the Google/Microsoft buttons of /signup?invitation=… and of the
// /login invitation banner carry the token through the flow, and the callback joins the team
// in the transaction that creates or signs in the account.

const signupQuery = (token: string) => `intent=signup&dataProcessingConsent=1&invitation=${token}`;

for (const dialect of await dialects('behaviour')) {
  describe(`teams: joining with single sign-on (${dialect})`, () => {
    let t: TestApp;
    let google: TestOidcProvider;
    let microsoft: TestOidcProvider;
    let hash: string;
    const lines: string[] = [];
    const membersOf = async (teamId: string) =>
      (
        await t.deps.db
          .selectFrom('team_members as m')
          .innerJoin('accounts as a', 'a.id', 'm.account_id')
          .select(['a.email', 'm.role'])
          .where('m.team_id', '=', teamId)
          .execute()
      ).map((row) => `${row.email} ${row.role}`);
    const invitationRow = (id: string) =>
      t.deps.db.selectFrom('team_invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    before(async () => {
      google = await startOidcProvider({ flavour: 'google' });
      microsoft = await startOidcProvider({ flavour: 'microsoft' });
      t = await startTestApp({
        dialect,
        env: { LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1', SSO_TIMEOUT_MS: '1500', ...google.env(), ...microsoft.env() },
        appOptions: { logStream: { write: (line: string) => void lines.push(line) } },
      });
      hash = await t.deps.hasher.hash(teamPassword);
    });
    after(async () => {
      await t.stop();
      await google.stop();
      await microsoft.stop();
    });

    it('signs up with Google from the mailed invitation and joins the team in the same step, with the role invited', async () => {
      const owner = await person(t, hash, 'owner');
      const invited = freshEmail('sso.invited');
      assert.equal((await invite(owner.client, invited, 'admin')).status, 200);
      const token = await invitationToken(t, invited);
      const user = google.addUser({ email: invited, emailVerified: true, givenName: 'Ines' });
      const client = visitor(t);
      const authorization = await startSso(client, google, signupQuery(token));
      // The token stays here: not in the provider's address, kept hashed with the flow.
      assert.ok(!authorization.href.includes(token));
      const flows = await t.deps.db.selectFrom('sso_flows').selectAll().execute();
      assert.ok(flows.some((flow) => flow.invitation_hash === sha256(token)));
      assert.ok(!JSON.stringify(flows).includes(token));
      const back = await callback(client, await google.signIn(authorization.href, user.login));
      assert.equal(back.path, '/signup-process');
      assert.equal(back.query.get('sso'), 'google');
      assert.equal(back.query.get('joined'), '1');
      assert.equal(back.query.get('error'), null);
      assert.deepEqual((await membersOf(owner.teamId)).sort(), [`${owner.email} owner`, `${invited} admin`].sort());
      const mine = (await client.get('/team')).json.data.teams;
      assert.deepEqual(
        mine.map((team: { ownerEmail: string; role: string }) => `${team.ownerEmail} ${team.role}`),
        [`${invited} owner`, `${owner.email} admin`],
      );
      assert.equal((await client.get('/session')).json.data.account.emailVerified, true);
      // The link is used up: a second use is refused.
      assert.equal((await client.get(`/invitations/${token}`)).json.code, 'invitation.used');
    });

    it('signs up with another address the provider vouches for, and still joins (as a verified sign-up does)', async () => {
      const owner = await person(t, hash, 'owner');
      const seeded = await seedInvitation(t, owner.teamId, freshEmail('named'));
      // An address the provider does not vouch for makes no account, and uses nothing.
      const unconfirmed = microsoft.addUser({ email: freshEmail('ms.unconfirmed') });
      const refused = await ssoRoundTrip(visitor(t), microsoft, unconfirmed.login, `${signupQuery(seeded.token)}&locale=fr`);
      assert.equal(refused.path, '/fr/login');
      assert.equal(refused.query.get('error'), 'sso.email_not_confirmed');
      assert.equal((await invitationRow(seeded.id)).accepted_at, null);
      const other = freshEmail('ms.other');
      const user = microsoft.addUser({ email: other, xmsEdov: true });
      const back = await ssoRoundTrip(visitor(t), microsoft, user.login, `${signupQuery(seeded.token)}&locale=fr`);
      assert.equal(back.path, '/fr/signup-process');
      assert.equal(back.query.get('joined'), '1');
      assert.ok((await membersOf(owner.teamId)).includes(`${other} member`));
      const row = await invitationRow(seeded.id);
      assert.ok(row.accepted_at);
    });

    it('signs an existing account in from the /login banner and joins when its address is the invited one', async () => {
      const owner = await person(t, hash, 'owner');
      const member = await person(t, hash, 'existing');
      const seeded = await seedInvitation(t, owner.teamId, member.email, { role: 'member' });
      // Google vouches for the address: the identity is linked to the account and signs it in.
      const user = google.addUser({ email: member.email, emailVerified: true });
      const client = visitor(t);
      const back = await ssoRoundTrip(client, google, user.login, `invitation=${seeded.token}`);
      assert.equal(back.path, '/');
      assert.equal(back.query.get('error'), null);
      assert.equal((await client.get('/session')).json.data.account.id, member.id);
      assert.ok((await membersOf(owner.teamId)).includes(`${member.email} member`));
    });

    it('signs in an account of another address without joining, and says why', async () => {
      const owner = await person(t, hash, 'owner');
      const seeded = await seedInvitation(t, owner.teamId, freshEmail('meant'));
      const stranger = google.addUser({ email: freshEmail('stranger'), emailVerified: true });
      await ssoRoundTrip(visitor(t), google, stranger.login, 'intent=signup&dataProcessingConsent=1');
      const client = visitor(t);
      const back = await ssoRoundTrip(client, google, stranger.login, `invitation=${seeded.token}&locale=de`);
      assert.equal(back.path, '/de');
      assert.equal(back.query.get('error'), 'invitation.wrong_account');
      assert.equal((await client.get('/session')).json.data.account.email, stranger.email);
      assert.deepEqual(await membersOf(owner.teamId), [`${owner.email} owner`]);
      assert.equal((await invitationRow(seeded.id)).accepted_at, null);
    });

    it('an invitation revoked, expired or used meanwhile: the ordinary sign-up or sign-in, and the reason on the next page', async () => {
      const owner = await person(t, hash, 'owner');
      const cases = [
        { code: 'invitation.revoked', spoil: (id: string) => owner.client.request('DELETE', `/team/invitations/${id}`) },
        {
          code: 'invitation.expired',
          spoil: (id: string) =>
            t.deps.db.updateTable('team_invitations').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute(),
        },
        {
          code: 'invitation.used',
          spoil: (id: string) =>
            t.deps.db.updateTable('team_invitations').set({ accepted_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute(),
        },
      ];
      for (const { code, spoil } of cases) {
        const address = freshEmail(code.replace('invitation.', ''));
        const seeded = await seedInvitation(t, owner.teamId, address);
        const user = google.addUser({ email: address, emailVerified: true });
        const client = visitor(t);
        const authorization = await startSso(client, google, signupQuery(seeded.token));
        await spoil(seeded.id);
        const back = await callback(client, await google.signIn(authorization.href, user.login));
        assert.equal(back.path, '/signup-process', code);
        assert.equal(back.query.get('error'), code);
        assert.equal(back.query.get('joined'), null);
        assert.equal((await client.get('/session')).json.data.account.email, address, 'the account is made and signed in');
        assert.ok(!(await membersOf(owner.teamId)).includes(`${address} member`), code);
      }
      // And a sign-in of an existing account: signed in, on the account page with the reason.
      const member = await person(t, hash, 'late');
      const seeded = await seedInvitation(t, owner.teamId, member.email);
      await owner.client.request('DELETE', `/team/invitations/${seeded.id}`);
      const user = google.addUser({ email: member.email, emailVerified: true });
      const client = visitor(t);
      const back = await ssoRoundTrip(client, google, user.login, `invitation=${seeded.token}`);
      assert.equal(back.path, '/');
      assert.equal(back.query.get('error'), 'invitation.revoked');
      assert.equal((await client.get('/session')).json.data.account.id, member.id);
    });

    it('takes the invitation only from our own pages: a link on another site cannot make a visitor join', async () => {
      const owner = await person(t, hash, 'owner');
      const member = await person(t, hash, 'lured');
      const seeded = await seedInvitation(t, owner.teamId, member.email);
      const user = google.addUser({ email: member.email, emailVerified: true });
      const client = visitor(t);
      const start = await client.get(`/connect/google?invitation=${seeded.token}`, { 'sec-fetch-site': 'cross-site' });
      assert.equal(start.status, 302);
      const back = await callback(client, await google.signIn(start.headers.get('location') ?? '', user.login));
      assert.equal(back.path, '/');
      assert.deepEqual(await membersOf(owner.teamId), [`${owner.email} owner`]);
      assert.equal((await invitationRow(seeded.id)).accepted_at, null);
    });

    it('joins in the transaction that creates the account: when the join cannot be written, no account is left either', async () => {
      const owner = await person(t, hash, 'owner');
      const address = freshEmail('atomic');
      const seeded = await seedInvitation(t, owner.teamId, address);
      const user = google.addUser({ email: address, emailVerified: true });
      const client = visitor(t);
      const authorization = await startSso(client, google, signupQuery(seeded.token));
      const allow = await refuseInserts(t.deps.db, dialect, 'team_members', `NEW.role <> 'owner'`);
      try {
        const callbackUrl = await google.signIn(authorization.href, user.login);
        const failed = await client.get(`${callbackUrl.pathname}${callbackUrl.search}`);
        assert.ok(failed.status >= 500, `${failed.status}`);
      } finally {
        await allow();
      }
      const account = await t.deps.db.selectFrom('accounts').select('id').where('email', '=', address).executeTakeFirst();
      assert.equal(account, undefined, 'no account without its membership');
      assert.equal((await invitationRow(seeded.id)).accepted_at, null);
    });

    it('never writes the token to a log line, and tells the provider nothing of the page it came from', async () => {
      const owner = await person(t, hash, 'owner');
      const address = freshEmail('quiet.sso');
      const seeded = await seedInvitation(t, owner.teamId, address);
      const user = google.addUser({ email: address, emailVerified: true });
      const client = visitor(t);
      const start = await client.get(`/connect/google?${signupQuery(seeded.token)}`, {
        ...fromOurPage,
        referer: `${t.url}/signup?invitation=${seeded.token}`,
      });
      assert.equal(start.status, 302);
      assert.equal(start.headers.get('referrer-policy'), 'no-referrer');
      const back = await callback(client, await google.signIn(start.headers.get('location') ?? '', user.login));
      assert.equal(back.query.get('joined'), '1');
      assert.ok(lines.length > 0);
      assert.ok(!lines.join('\n').includes(seeded.token), 'the token is in a log line');
      assert.ok(!lines.join('\n').includes(sha256(seeded.token)), "the token's hash is in a log line");
    });

    it('leaves the sign-in alone without an invitation', async () => {
      const user = google.addUser({ email: freshEmail('plain'), emailVerified: true });
      const client = visitor(t);
      const back = await ssoRoundTrip(client, google, user.login, 'intent=signup&dataProcessingConsent=1');
      assert.equal(back.query.get('joined'), null);
      assert.equal(back.query.get('error'), null);
      assert.equal((await ownTeam(client)).role, 'owner');
    });
  });
}
