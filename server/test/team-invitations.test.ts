import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Language } from '@gatehouse/contract';
import { updateAccount } from '../src/features/accounts/account.repository.ts';
import { upsertBrand } from '../src/features/brands/brand.repository.ts';
import { iso } from '../src/lib/clock.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { linkIn } from './support/smtp.ts';
import { freshEmail, invitationToken, invite, ownTeam, person, seedInvitation, teamPassword } from './support/teams.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

const newPassword = 'Fresh member secret 42';

for (const dialect of await dialects('persistence')) {
  describe(`teams: invitations and joining (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    const someone = (prefix = 'person', locale: Language = 'en') => person(t, hash, prefix, locale);
    const memberEmails = async (client: Parameters<typeof ownTeam>[0]) =>
      (await ownTeam(client)).members.map((m: { email: string }) => m.email).sort();

    before(async () => ({ t, hash } = await startWithHash(dialect, teamPassword)));
    after(() => t.stop());

    it("mails the invitation in the inviter's language, with the host's brand, the team and the inviter by name, and the expiry", async () => {
      await upsertBrand(t.deps.db, {
        host: 'monitor.acme.test',
        brand_name: 'Acme Monitoring',
        favicon_url: null,
        logo_url: null,
        primary_color: '#0f766e',
        support_url: null,
        dashboard_url: null,
        privacy_url: null,
        terms_url: null,
        default_language: null,
        updated_at: iso(new Date()),
      });
      const owner = await someone('owner');
      const admin = await someone('admin', 'de');
      const seeded = await seedInvitation(t, owner.teamId, admin.email, { role: 'admin', inviterId: owner.id });
      assert.equal((await admin.client.post(`/invitations/${seeded.token}/accept`)).status, 200);
      await updateAccount(t.deps.db, owner.id, { first_name: 'Grace', family_name: 'Hopper' });
      await updateAccount(t.deps.db, admin.id, { first_name: 'Ada', family_name: 'Lovelace' });

      const invitee = freshEmail('colleague');
      const answer = await admin.client.post(
        '/team/invitations',
        { email: invitee, role: 'member', teamId: owner.teamId },
        { 'x-forwarded-host': 'monitor.acme.test' },
      );
      assert.equal(answer.status, 200, answer.text);
      const mail = await t.smtp.waitFor(invitee);
      assert.equal(mail.subject, 'Einladung in das Team von Grace Hopper bei Acme Monitoring');
      for (const part of [mail.text, mail.html]) {
        assert.ok(
          part.includes(`Ada Lovelace (${admin.email}) hat Sie eingeladen, dem Team von Grace Hopper`),
          'names the inviter and the team',
        );
        assert.ok(!part.includes(owner.email), "the owner's address is not the team's name");
        assert.ok(part.includes('Acme Monitoring'), 'carries the brand');
        assert.match(part, /7 Tage gültig, bis \d+\. \w+ \d{4}/, 'says until when');
      }
      assert.match(mail.html, /#0f766e/);
      const link = linkIn(mail, `${t.url}/signup?invitation=`);
      assert.equal(link.searchParams.get('invitation'), await invitationToken(t, invitee));
      assert.equal(link.searchParams.get('invitation')?.length, 43, '32 random bytes, base64url');
    });

    it('leaves a name with a link out of the mail, one given before names were checked', async () => {
      const owner = await someone('linked-owner');
      await updateAccount(t.deps.db, owner.id, { first_name: 'Win at www.prize.example', family_name: 'Hopper' });
      const invitee = freshEmail('phished');
      assert.equal((await owner.client.post('/team/invitations', { email: invitee, role: 'member' })).status, 200);
      const mail = await t.smtp.waitFor(invitee);
      for (const part of [mail.subject, mail.text, mail.html]) assert.ok(!part.includes('prize.example'), part);
      assert.match(mail.subject, /team of Hopper on/, 'the team goes by the name parts that pass');
      assert.ok(mail.text.includes(`${owner.email} invited you`), 'the inviter by address');
    });

    it('shows the invitation to the holder of its token; unknown, malformed, expired, revoked and used tokens get their codes', async () => {
      const owner = await someone('owner');
      const invitee = freshEmail('new');
      const { token } = await seedInvitation(t, owner.teamId, invitee, { role: 'admin', inviterId: owner.id });
      const preview = await visitor(t).get(`/invitations/${token}`);
      assert.equal(preview.status, 200, preview.text);
      assert.deepEqual(Object.keys(preview.json.data).sort(), [
        'accountExists',
        'email',
        'expiresAt',
        'inviterEmail',
        'inviterName',
        'role',
        'teamName',
        'teamOwnerEmail',
        'teamOwnerName',
      ]);
      assert.equal(preview.json.data.teamOwnerEmail, owner.email);
      assert.equal(preview.json.data.email, invitee);
      assert.equal(preview.json.data.role, 'admin');
      assert.equal(preview.json.data.accountExists, false);

      const unknown = await visitor(t).get(`/invitations/${'A'.repeat(43)}`);
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.json, {
        error: 'This invitation link is not valid. Check that you opened the whole link from the email',
        code: 'invitation.invalid',
      });
      const malformed = await visitor(t).get('/invitations/short');
      assert.equal(malformed.status, 400);
      assert.equal(malformed.json.code, 'invitation.invalid');

      const expired = await seedInvitation(t, owner.teamId, freshEmail('late'), { expiresInMs: -1000 });
      const late = await visitor(t).get(`/invitations/${expired.token}`);
      assert.equal(late.status, 410);
      assert.equal(late.json.code, 'invitation.expired');
    });

    it('signs up the invited address without a verification mail and joins the team when the password is set', async () => {
      const owner = await someone('owner');
      const invitee = freshEmail('invited');
      assert.equal((await invite(owner.client, invitee, 'admin')).status, 200);
      const token = await invitationToken(t, invitee);
      const browser = visitor(t);
      const signup = await browser.post('/user/signup', { email: invitee, dataProcessingConsent: true, invitation: token });
      assert.equal(signup.status, 200, signup.text);
      assert.equal(signup.json.data.email, invitee);
      assert.ok(signup.json.data.token, 'the set-password token comes at once');
      // Not joined yet: the account has no password.
      assert.deepEqual(await memberEmails(owner.client), [owner.email]);
      const set = await browser.post('/user/set-password', { email: invitee, password: newPassword, token: signup.json.data.token });
      assert.equal(set.status, 200, set.text);
      assert.equal(set.json.data.emailVerified, true);
      assert.deepEqual(await memberEmails(owner.client), [owner.email, invitee].sort());
      const joined = (await browser.get('/team')).json.data.teams[1];
      assert.equal(joined.ownerEmail, owner.email);
      assert.equal(joined.role, 'admin');
      assert.deepEqual((await ownTeam(owner.client)).invitations, []);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(
        t.smtp.mailsTo(invitee).map((m) => m.subject),
        [`Join the team of ${owner.email.split('@')[0]} on Gatehouse`],
        'only the invitation was mailed',
      );
      const used = await visitor(t).get(`/invitations/${token}`);
      assert.equal(used.status, 409);
      assert.equal(used.json.code, 'invitation.used');
    });

    /** Verifies a pending address from its mail and sets its password in another browser; the signed-in client. */
    const finishSignup = async (email: string) => {
      const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/activate-email?'));
      const verified = await visitor(t).post('/user/verify-email', {
        email,
        token: linkIn(mail, `${t.url}/activate-email?`).searchParams.get('token'),
      });
      assert.equal(verified.status, 200, verified.text);
      const browser = visitor(t);
      const set = await browser.post('/user/set-password', { email, password: newPassword, token: verified.json.data.token });
      assert.equal(set.status, 200, set.text);
      return browser;
    };

    it('signs up another address as an ordinary sign-up: it joins only by its own "Join" once signed in', async () => {
      const owner = await someone('owner');
      const { token } = await seedInvitation(t, owner.teamId, freshEmail('invited'), { inviterId: owner.id });
      const other = freshEmail('other');
      const signup = await visitor(t).post('/user/signup', { email: other, dataProcessingConsent: true, invitation: token });
      assert.equal(signup.status, 200);
      assert.deepEqual(signup.json.data, { email: other }, 'no shortcut for an address the invitation did not prove');
      const browser = await finishSignup(other);
      assert.deepEqual(await memberEmails(owner.client), [owner.email], 'not joined by signing up');
      const preview = await browser.get(`/invitations/${token}`);
      assert.equal(preview.json.data.inviterEmail, owner.email, 'the Join screen names who invited');
      const silent = await browser.post(`/invitations/${token}/accept`);
      assert.equal(silent.status, 403);
      assert.equal(silent.json.code, 'invitation.wrong_account');
      const join = await browser.post(`/invitations/${token}/accept`, { otherAddress: true });
      assert.equal(join.status, 200, join.text);
      assert.deepEqual(await memberEmails(owner.client), [owner.email, other].sort());
    });

    it('does not make a victim a member by a sign-up someone else sent with an invitation for another address', async () => {
      const attacker = await someone('attacker');
      const { token } = await seedInvitation(t, attacker.teamId, freshEmail('accomplice'), { inviterId: attacker.id });
      const victim = freshEmail('victim');
      // The attacker starts the sign-up of the victim's address with the token; the victim finishes the ordinary sign-up its mail asks for.
      const forced = await visitor(t).post('/user/signup', { email: victim, dataProcessingConsent: true, invitation: token });
      assert.equal(forced.status, 200);
      assert.deepEqual(forced.json.data, { email: victim });
      const browser = await finishSignup(victim);
      assert.deepEqual(await memberEmails(attacker.client), [attacker.email], "the attacker's team does not list the victim");
      const teams = (await browser.get('/team')).json.data.teams;
      assert.deepEqual(
        teams.map((team: { ownerEmail: string }) => team.ownerEmail),
        [victim],
        'the victim belongs to its own team only',
      );
      const row = await t.deps.db
        .selectFrom('team_invitations')
        .select('claimed_by')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      assert.equal(row?.claimed_by, null, 'nothing was claimed for the victim');
    });

    it('never joins through a claim for another address an earlier version left, and never overwrites a claim', async () => {
      const owner = await someone('owner');
      const victim = freshEmail('victim');
      assert.equal((await visitor(t).post('/user/signup', { email: victim, dataProcessingConsent: true })).status, 200);
      const pending = await t.deps.db.selectFrom('accounts').select('id').where('email', '=', victim).executeTakeFirstOrThrow();
      const stale = await seedInvitation(t, owner.teamId, freshEmail('someone.else'), { inviterId: owner.id });
      await t.deps.db.updateTable('team_invitations').set({ claimed_by: pending.id }).where('id', '=', stale.id).execute();
      await finishSignup(victim);
      assert.deepEqual(await memberEmails(owner.client), [owner.email], 'a stale claim for another address does not join');

      const invitee = freshEmail('invitee');
      const claimed = await seedInvitation(t, owner.teamId, invitee, { inviterId: owner.id });
      await t.deps.db.updateTable('team_invitations').set({ claimed_by: pending.id }).where('id', '=', claimed.id).execute();
      const signup = await visitor(t).post('/user/signup', { email: invitee, dataProcessingConsent: true, invitation: claimed.token });
      assert.equal(signup.status, 200);
      const row = await t.deps.db.selectFrom('team_invitations').select('claimed_by').where('id', '=', claimed.id).executeTakeFirst();
      assert.equal(row?.claimed_by, pending.id, 'the first claim stands');
    });

    it('does not sign up or join through an invitation to an address that already has an account', async () => {
      const owner = await someone('owner');
      const existing = await someone('existing');
      const { token } = await seedInvitation(t, owner.teamId, existing.email, { inviterId: owner.id });
      const preview = await visitor(t).get(`/invitations/${token}`);
      assert.equal(preview.json.data.accountExists, true, 'the token holder is led to sign-in');
      const signup = await visitor(t).post('/user/signup', { email: existing.email, dataProcessingConsent: true, invitation: token });
      assert.deepEqual(signup.json.data, { email: existing.email }, 'no set-password token for an account that has a password');
      await t.smtp.waitFor(existing.email, (m) => m.subject.startsWith('You already have'));
      assert.deepEqual(await memberEmails(owner.client), [owner.email]);
    });

    it('lets an existing account accept after signing in, only with the invited address, only once', async () => {
      const owner = await someone('owner');
      const existing = await someone('existing');
      const stranger = await someone('stranger');
      const { token } = await seedInvitation(t, owner.teamId, existing.email, { inviterId: owner.id });
      const wrong = await stranger.client.post(`/invitations/${token}/accept`);
      assert.equal(wrong.status, 403);
      assert.equal(wrong.json.code, 'invitation.wrong_account');
      const accepted = await existing.client.post(`/invitations/${token}/accept`);
      assert.equal(accepted.status, 200, accepted.text);
      assert.deepEqual(accepted.json.data, { teamId: owner.teamId, teamOwnerEmail: owner.email, role: 'member' });
      const again = await existing.client.post(`/invitations/${token}/accept`);
      assert.equal(again.status, 409);
      assert.equal(again.json.code, 'invitation.used');
      assert.deepEqual(await memberEmails(owner.client), [owner.email, existing.email].sort());
    });

    it('refuses revoked and expired invitations at every way in, and signs up as usual instead', async () => {
      const owner = await someone('owner');
      const invitee = await someone('invitee');
      const revoked = await seedInvitation(t, owner.teamId, invitee.email, { inviterId: owner.id });
      assert.equal((await owner.client.delete(`/team/invitations/${revoked.id}`)).status, 200);
      const refusedRevoked = await invitee.client.post(`/invitations/${revoked.token}/accept`);
      assert.equal(refusedRevoked.status, 410);
      assert.equal(refusedRevoked.json.code, 'invitation.revoked');

      const newcomer = freshEmail('late');
      const expired = await seedInvitation(t, owner.teamId, newcomer, { expiresInMs: -1000 });
      const refusedExpired = await invitee.client.post(`/invitations/${expired.token}/accept`);
      assert.equal(refusedExpired.status, 410);
      assert.equal(refusedExpired.json.code, 'invitation.expired');
      const signup = await visitor(t).post('/user/signup', { email: newcomer, dataProcessingConsent: true, invitation: expired.token });
      assert.deepEqual(signup.json.data, { email: newcomer });
      await t.smtp.waitFor(newcomer, (m) => m.text.includes('/activate-email?'));
      assert.deepEqual(await memberEmails(owner.client), [owner.email]);
    });

    it('accepts one token exactly once under 50 parallel accepts', async () => {
      const owner = await someone('owner');
      const invitee = await someone('racer');
      const { token } = await seedInvitation(t, owner.teamId, invitee.email, { inviterId: owner.id });
      const answers = await Promise.all(Array.from({ length: 50 }, () => invitee.client.post(`/invitations/${token}/accept`)));
      const statuses = answers.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 200).length, 1, `one success: ${statuses.join(',')}`);
      for (const answer of answers.filter((a) => a.status !== 200)) {
        assert.equal(answer.status, 409);
        assert.equal(answer.json.code, 'invitation.used');
      }
      const rows = await t.deps.db.selectFrom('team_members').selectAll().where('team_id', '=', owner.teamId).execute();
      assert.equal(rows.filter((row) => row.account_id === invitee.id).length, 1);
    });

    it('answers an invitation alike whether or not the address has an account', async () => {
      const owner = await someone('owner');
      const known = await someone('known');
      const unknown = freshEmail('unknown');
      const answers = [await invite(owner.client, known.email), await invite(owner.client, unknown)];
      assert.deepEqual(
        answers.map((a) => [a.status, Object.keys(a.json.data).sort(), a.json.data.role, a.json.data.expired]),
        [
          [200, ['createdAt', 'email', 'expired', 'expiresAt', 'id', 'invitedBy', 'role'], 'member', false],
          [200, ['createdAt', 'email', 'expired', 'expiresAt', 'id', 'invitedBy', 'role'], 'member', false],
        ],
      );
      const [a, b] = [await t.smtp.waitFor(known.email), await t.smtp.waitFor(unknown)];
      const neutral = (text: string, email: string) => text.replaceAll(email, 'X').replace(/invitation=[\w-]+/g, 'invitation=T');
      assert.equal(neutral(a.text, known.email), neutral(b.text, unknown));
      assert.equal(a.subject, b.subject);
    });
  });
}
