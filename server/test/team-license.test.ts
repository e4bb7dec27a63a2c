import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Plan } from '@gatehouse/contract';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { newId } from '../src/lib/crypto.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { person, teamPassword } from './support/teams.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

// What the account page's License section shows a team member (decision 021): the session says
// which license they work under through a team, and whose team it is.

for (const dialect of await dialects('behaviour')) {
  describe(`teams: a member's license (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    before(async () => ({ t, hash } = await startWithHash(dialect, teamPassword)));
    after(() => t.stop());

    const activate = async (client: TestClient, plan: Plan) => {
      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan, count: 1, kind: 'standalone' });
      const answer = await client.post('/license/activate', { license: key });
      assert.equal(answer.status, 200, answer.text);
    };
    let joined = 0;
    /** A membership written straight away, each later than the one before; returns its id. */
    const join = async (teamId: string, accountId: string) => {
      const id = newId();
      joined += 1;
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, joined)).toISOString();
      await t.deps.db
        .insertInto('team_members')
        .values({ id, team_id: teamId, account_id: accountId, role: 'member', created_at: at })
        .execute();
      return id;
    };
    const expire = (accountId: string) =>
      t.deps.db.updateTable('licenses').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('account_id', '=', accountId).execute();
    const session = async (client: TestClient) => (await client.get('/session')).json.data;

    it("shows a member without a license of their own the team's plan, and whose team it is", async () => {
      const owner = await person(t, hash, 'owner');
      const member = await person(t, hash, 'member');
      await activate(owner.client, 'business');
      assert.equal((await session(member.client)).teamLicense, null, 'not in the team yet');
      await join(owner.teamId, member.id);
      const answer = await session(member.client);
      assert.equal(answer.license, null);
      assert.equal(answer.teamLicense.teamId, owner.teamId);
      assert.equal(answer.teamLicense.ownerEmail, owner.email);
      assert.equal(answer.teamLicense.license.plan, 'business');
      assert.equal(answer.teamLicense.license.status, 'active');
      assert.equal(answer.teamLicense.license.keySuffix, undefined, "the owner's key is not shown to members");
      // The owner sees their own license, never "through a team".
      const owners = await session(owner.client);
      assert.equal(owners.license.plan, 'business');
      assert.equal(owners.teamLicense, null);
    });

    it('an active license of their own comes first; an expired one gives way to the team', async () => {
      const owner = await person(t, hash, 'owner');
      const member = await person(t, hash, 'licensed');
      await activate(owner.client, 'business');
      await activate(member.client, 'pro');
      await join(owner.teamId, member.id);
      let answer = await session(member.client);
      assert.equal(answer.license.plan, 'pro');
      assert.equal(answer.teamLicense, null);
      await expire(member.id);
      answer = await session(member.client);
      assert.equal(answer.license.status, 'expired');
      assert.equal(answer.teamLicense.license.plan, 'business');
    });

    it('in several teams: the first joined whose license is active; none once they have left', async () => {
      const unlicensed = await person(t, hash, 'unlicensed');
      const lapsed = await person(t, hash, 'lapsed');
      const second = await person(t, hash, 'second');
      const third = await person(t, hash, 'third');
      const member = await person(t, hash, 'many');
      await activate(lapsed.client, 'enterprise');
      await expire(lapsed.id);
      await activate(second.client, 'pro');
      await activate(third.client, 'business');
      const ids: string[] = [];
      for (const team of [unlicensed, lapsed, second, third]) ids.push(await join(team.teamId, member.id));
      let answer = await session(member.client);
      assert.equal(answer.teamLicense.ownerEmail, second.email);
      assert.equal(answer.teamLicense.license.plan, 'pro');
      assert.equal((await member.client.request('DELETE', `/team/members/${ids[2]}`)).status, 200);
      answer = await session(member.client);
      assert.equal(answer.teamLicense.ownerEmail, third.email);
      assert.equal((await member.client.request('DELETE', `/team/members/${ids[3]}`)).status, 200);
      assert.equal((await session(member.client)).teamLicense, null);
    });
  });
}
