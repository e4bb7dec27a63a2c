import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.ts';
import { askSignupCode, panelBrowser, registerPanel } from './support/panels.ts';
import { refuseInserts } from './support/refuse-inserts.ts';
import { ssoRoundTrip } from './support/sso.ts';
import { freshEmail, person, seedInvitation, teamPassword } from './support/teams.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Every account owns one team, made in the transaction that makes the account, by every way in
// (the admin CLI makes no accounts); GET /team only reads.

for (const dialect of await dialects('persistence')) {
  describe(`teams: every way in makes the account's team with it (${dialect})`, () => {
    let t: TestApp;
    let google: TestOidcProvider;
    let hash: string;
    let inviterTeam: string;
    const accountOf = (email: string) =>
      t.deps.db.selectFrom('accounts').select('id').where('email_key', '=', email.toLowerCase()).executeTakeFirst();
    const ownTeamOf = (accountId: string) =>
      t.deps.db
        .selectFrom('teams as t')
        .innerJoin('team_members as m', 'm.team_id', 't.id')
        .select(['t.id', 'm.role', 'm.account_id'])
        .where('t.owner_account_id', '=', accountId)
        .execute();
    const count = async (table: 'teams' | 'team_members') =>
      Number(
        (
          await t.deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    before(async () => {
      google = await startOidcProvider({ flavour: 'google' });
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1', ...google.env() } });
      hash = await t.deps.hasher.hash(teamPassword);
      inviterTeam = (await person(t, hash, 'inviter')).teamId;
    });
    after(async () => {
      await t.stop();
      await google.stop();
    });

    /** Each way in that makes an account, given a fresh address; true when it answered as a success. */
    const ways: Record<string, (email: string) => Promise<boolean>> = {
      'sign-up': async (email) => (await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status === 200,
      'control-panel sign-up': async (email) => {
        const panel = await registerPanel(t);
        const answer = await askSignupCode(panelBrowser(t, panel.origin), { email, apiKey: panel.apiKey, userId: `user-${email}` });
        return answer.status === 200;
      },
      'invitation sign-up': async (email) => {
        const { token } = await seedInvitation(t, inviterTeam, email);
        const answer = await visitor(t).post('/user/signup', { email, dataProcessingConsent: true, invitation: token });
        return answer.status === 200 && typeof answer.json.data.token === 'string';
      },
      'single sign-on sign-up': async (email) => {
        const user = google.addUser({ email, emailVerified: true });
        const back = await ssoRoundTrip(visitor(t), google, user.login, 'intent=signup&dataProcessingConsent=1').catch(() => undefined);
        return back?.path === '/signup-process';
      },
    };

    for (const [way, run] of Object.entries(ways)) {
      it(`${way}: the account owns its team from the start`, async () => {
        const email = freshEmail(way.replaceAll(' ', '-'));
        assert.equal(await run(email), true);
        const account = await accountOf(email);
        assert.ok(account);
        assert.deepEqual(
          (await ownTeamOf(account.id)).map((row) => [row.role, row.account_id]),
          [['owner', account.id]],
        );
      });

      it(`${way}: when the team cannot be written, no account is left either (one transaction)`, async () => {
        const email = freshEmail(`${way.replaceAll(' ', '-')}-refused`);
        const allow = await refuseInserts(t.deps.db, dialect, 'teams');
        try {
          assert.equal(await run(email), false);
        } finally {
          await allow();
        }
        assert.equal(await accountOf(email), undefined);
      });
    }

    it('GET /team writes nothing, not even a missing team', async () => {
      const someone = await person(t, hash, 'reader');
      const before = { teams: await count('teams'), members: await count('team_members') };
      assert.equal((await someone.client.get('/team')).status, 200);
      assert.deepEqual({ teams: await count('teams'), members: await count('team_members') }, before);
      // An account without its team (a state no way in leaves): the answer lacks it, and nothing is made.
      await t.deps.db.deleteFrom('team_members').where('team_id', '=', someone.teamId).execute();
      await t.deps.db.deleteFrom('teams').where('id', '=', someone.teamId).execute();
      const answer = await someone.client.get('/team');
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.json.data.teams, []);
      assert.deepEqual(await ownTeamOf(someone.id), []);
    });
  });
}
