import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { accountData, tablesWithoutAccountData } from '../src/features/settings/account-data.ts';
import { findOwnTeam } from '../src/features/teams/team.repository.ts';
import { newId } from '../src/lib/crypto.ts';
import { eventually, registerAccount, seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { codeIn, panelBrowser, registerPanel } from './support/panels.ts';
import { linkIn } from './support/smtp.ts';
import { invite, seedInvitation } from './support/teams.ts';
import { startTestApp, startWithHash, type TestApp } from './support/test-app.ts';

const password = 'Farewell secret 2026';

/** Every table of the database, read from the catalogue: a table added later is checked too. */
async function everyTable(t: TestApp): Promise<string[]> {
  const query = t.databaseUrl.startsWith('postgres')
    ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await query.execute(t.deps.db)).rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_'));
}

/** The tables with a foreign key to accounts, read from the catalogue. */
async function tablesReferencingAccounts(t: TestApp): Promise<string[]> {
  const query = t.databaseUrl.startsWith('postgres')
    ? sql<{ name: string }>`select distinct tc.table_name as name from information_schema.table_constraints tc
        join information_schema.constraint_column_usage cu on cu.constraint_name = tc.constraint_name and cu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and cu.table_name = 'accounts'`
    : sql<{ name: string }>`select distinct m.name as name from sqlite_master m, pragma_foreign_key_list(m.name) f
        where m.type = 'table' and f."table" = 'accounts'`;
  return (await query.execute(t.deps.db)).rows.map((row) => row.name).sort();
}

/** A single sign-on identity as the callback stores it (the flow itself is sso.test.ts's). */
async function linkIdentity(t: TestApp, accountId: string, subject: string, email: string) {
  const now = t.deps.clock.now().toISOString();
  await t.deps.db
    .insertInto('sso_identities')
    .values({
      id: newId(),
      account_id: accountId,
      provider: 'google',
      issuer: 'https://accounts.google.test',
      subject,
      email,
      created_at: now,
      last_used_at: now,
    })
    .execute();
}

/** Confirms an e-mail change through the link mailed to the new address. */
async function moveTo(t: TestApp, client: TestClient, next: string) {
  assert.equal((await client.post('/account/email', { email: next, currentPassword: password })).status, 200);
  const link = linkIn(await t.smtp.waitFor(next, (mail) => mail.text.includes('/email-change?')), `${t.url}/email-change?`);
  const confirmed = await visitor(t).post('/account/email/confirm', { token: link.searchParams.get('token') });
  assert.equal(confirmed.status, 200, confirmed.text);
}

/** Rows as a sorted list of their JSON: rows written in the same millisecond have no order. */
const unordered = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();

/** Every row of every table, as text, with the tables whose rows mention one of the needles. */
async function tablesMentioning(t: TestApp, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await everyTable(t)) {
    const rows = await sql`select * from ${sql.table(table)}`.execute(t.deps.db);
    const text = JSON.stringify(rows.rows).toLowerCase();
    if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(table);
  }
  return found;
}

for (const dialect of await dialects('persistence')) {
  describe(`account settings: download my data, delete the account (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let n = 0;

    before(async () => ({ t, hash } = await startWithHash(dialect, password)));
    after(() => t.stop());

    it('exports everything stored about the person as a JSON file', async () => {
      n += 1;
      const email = `exporter${n}@example.com`;
      await seedAccount(t, email, { passwordHash: hash });
      const client = await signIn(t, email, password);
      await client.put('/account/consents', { consent: true });
      await client.put('/account/consents', { consent: false });
      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'business', count: 1, kind: 'standalone' });
      assert.equal((await client.post('/license/activate', { license: key })).status, 200);

      const answer = await client.get('/account/export');
      assert.equal(answer.status, 200);
      assert.match(answer.headers.get('content-disposition') ?? '', /^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/);
      const data = answer.json.data;
      assert.equal(data.account.email, email);
      assert.equal(data.account.hasPassword, true);
      assert.ok(!answer.text.includes(hash), 'never the password hash');
      assert.deepEqual(
        data.consents.filter((c: { kind: string }) => c.kind === 'marketing').map((c: { granted: boolean }) => c.granted),
        [true, false],
      );
      assert.equal(data.sessions.length, 1);
      assert.equal(data.license.plan, 'business');
      assert.ok(!answer.text.includes(key), 'never the whole license key');
      assert.ok(data.auditLog.some((event: { type: string }) => event.type === 'signin_succeeded'));
    });

    it('covers every table: each one that references an account is a part of accountData', async () => {
      const covered = accountData.flatMap((part) => part.tables);
      for (const table of await tablesReferencingAccounts(t)) {
        assert.ok(covered.includes(table), `${table} references accounts: add it to a part of accountData (account-data.ts)`);
      }
      for (const table of await everyTable(t)) {
        assert.ok(
          table === 'accounts' || covered.includes(table) || tablesWithoutAccountData.includes(table),
          `${table}: export and erase it in accountData, or name it in tablesWithoutAccountData`,
        );
      }
      assert.ok((await tablesReferencingAccounts(t)).includes('team_members'), 'the catalogue query finds foreign keys');
    });

    it("exports sign-on identities, teams, invitations and e-mail changes, without other people's addresses", async () => {
      n += 1;
      const first = `porter${n}@example.com`;
      const email = `porter${n}-moved@example.com`;
      const account = await seedAccount(t, first, { passwordHash: hash });
      const client = await signIn(t, first, password);
      const own = await findOwnTeam(t.deps.db, account.id);
      const host = await seedAccount(t, `porter-host${n}@example.com`, { passwordHash: hash });
      const hostTeam = await findOwnTeam(t.deps.db, host.id);
      assert.ok(own && hostTeam);
      const mate = await seedAccount(t, `porter-mate${n}@example.com`, { passwordHash: hash });
      const toMate = await seedInvitation(t, own.id, `porter-mate${n}@example.com`, { inviterId: account.id });
      assert.equal(
        (await (await signIn(t, `porter-mate${n}@example.com`, password)).post(`/invitations/${toMate.token}/accept`)).status,
        200,
      );
      const toMe = await seedInvitation(t, hostTeam.id, first, { role: 'admin', inviterId: host.id });
      assert.equal((await client.post(`/invitations/${toMe.token}/accept`)).status, 200);
      assert.equal((await invite(client, `porter-guest${n}@example.com`, 'member', hostTeam.id)).status, 200);
      await linkIdentity(t, account.id, `porter-subject-${n}`, `porter${n}@gmail.example`);
      await moveTo(t, client, email);
      assert.equal((await client.post('/account/email', { email: `porter${n}-next@example.com`, currentPassword: password })).status, 200);

      const answer = await client.get('/account/export');
      assert.equal(answer.status, 200);
      const data = answer.json.data;
      assert.deepEqual(
        data.singleSignOn.map((identity: { provider: string; subject: string; email: string }) => [
          identity.provider,
          identity.subject,
          identity.email,
        ]),
        [['google', `porter-subject-${n}`, `porter${n}@gmail.example`]],
      );
      assert.deepEqual(
        data.teams.memberships.map((m: { teamId: string; role: string; ownTeam: boolean }) => [m.teamId, m.role, m.ownTeam]),
        [
          [own.id, 'owner', true],
          [hostTeam.id, 'admin', false],
        ],
      );
      assert.deepEqual(data.teams.ownTeam, {
        teamId: own.id,
        name: null,
        createdAt: own.created_at,
        twoFactorRequiredAt: null,
        twoFactorGraceDays: 7,
        members: 2,
        pendingInvitations: 0,
      });
      assert.deepEqual(
        unordered(data.teamInvitations.sent.map((i: { teamId: string; acceptedAt: string | null }) => [i.teamId, i.acceptedAt !== null])),
        unordered([
          [own.id, true],
          [hostTeam.id, false],
        ]),
      );
      assert.deepEqual(
        data.teamInvitations.received.map((i: { email: string; teamId: string; role: string }) => [i.email, i.teamId, i.role]),
        [[first, hostTeam.id, 'admin']],
      );
      // The first change went through (its link used); the second waits, and both "this was not me" links live.
      assert.deepEqual(
        unordered(
          data.emailChanges.map((c: { kind: string; address: string; by: string; closedAt: string | null }) => [
            c.kind,
            c.address,
            c.by,
            c.closedAt !== null,
          ]),
        ),
        unordered([
          ['new_address', email, 'link', true],
          ['previous_address', first, 'link', false],
          ['new_address', `porter${n}-next@example.com`, 'link', false],
          ['previous_address', email, 'link', false],
        ]),
      );
      for (const other of [`porter-host${n}@`, `porter-mate${n}@`, `porter-guest${n}@`]) {
        assert.ok(!answer.text.includes(other), `no other person's address: ${other}`);
      }
      assert.ok(!answer.text.includes(mate.id) && !answer.text.includes(host.id), "no other person's account id");
    });

    it('refuses a wrong password and deletes nothing', async () => {
      n += 1;
      const email = `keeper${n}@example.com`;
      await seedAccount(t, email, { passwordHash: hash });
      const client = await signIn(t, email, password);
      const wrong = await client.post('/account/delete', { currentPassword: 'Not my password' });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.json.code, 'auth.wrong_password');
      const missing = await client.post('/account/delete', {});
      assert.equal(missing.json.code, 'account.confirmation_required');
      assert.equal((await client.get('/session')).json.data.account.email, email);
    });

    it('deletes everything personal in one go, under every address it had; the address can sign up again from scratch', async () => {
      n += 1;
      const first = `leaver${n}@example.com`;
      const email = `leaver${n}-moved@example.com`;
      const pending = `pending${n}@example.com`;
      const browser = visitor(t, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' });
      const { id } = await registerAccount(t, browser, first, password);
      await browser.put('/profile', { firstName: 'Lea', familyName: 'Verlassen', consent: true, locale: 'fr' });
      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'pro', count: 1, kind: 'standalone' });
      assert.equal((await browser.post('/license/activate', { license: key })).status, 200);
      // An admin of another team (invited at its first address), where it invited a guest;
      // the owner of its own team with a mate in it.
      const host = await seedAccount(t, `leaver-host${n}@example.com`, { passwordHash: hash });
      const hostTeam = await findOwnTeam(t.deps.db, host.id);
      const own = await findOwnTeam(t.deps.db, id);
      assert.ok(hostTeam && own);
      const joined = await seedInvitation(t, hostTeam.id, first, { role: 'admin', inviterId: host.id });
      assert.equal((await browser.post(`/invitations/${joined.token}/accept`)).status, 200);
      assert.equal((await invite(browser, `leaver-guest${n}@example.com`, 'member', hostTeam.id)).status, 200);
      const mate = await seedAccount(t, `leaver-mate${n}@example.com`, { passwordHash: hash });
      const toMate = await seedInvitation(t, own.id, `leaver-mate${n}@example.com`, { inviterId: id });
      assert.equal(
        (await (await signIn(t, `leaver-mate${n}@example.com`, password)).post(`/invitations/${toMate.token}/accept`)).status,
        200,
      );
      await linkIdentity(t, id, `leaver-subject-${n}`, `leaver${n}@gmail.example`);
      // An earlier e-mail change that went through, an invitation to the address after it left it, and a pending change.
      await moveTo(t, browser, email);
      await seedInvitation(t, hostTeam.id, first, { inviterId: host.id });
      const other = await signIn(t, email, password);
      assert.equal((await browser.post('/account/email', { email: pending, currentPassword: password })).status, 200);
      await t.outbox.flush();
      assert.deepEqual(
        (await tablesMentioning(t, [first])).sort(),
        ['mail_outbox', 'one_time_tokens', 'team_invitations', 'webhook_events'],
        'the first address is stored in these before the deletion',
      );

      const deleted = await browser.post('/account/delete', { currentPassword: password });
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal(browser.cookies.size, 0, 'the cookie is cleared');
      assert.equal((await other.get('/session')).json.data, null, 'every session ended');
      const twice = await browser.post('/account/delete', { currentPassword: password });
      assert.equal(twice.status, 401, 'deleting twice finds no account');

      const goodbye = await t.smtp.waitFor(email, (mail) => mail.subject.includes('supprimé'));
      assert.match(goodbye.text, /supprimés/, 'in the account language');
      // Once the goodbye is out, no table holds the account's id, any address it had or asked
      // for, its name or its sign-on identity.
      await eventually(async () => ((await tablesMentioning(t, [email])).length === 0 ? true : undefined), 'the goodbye mail erased');
      assert.deepEqual(await tablesMentioning(t, [id, email, pending, 'Verlassen', `leaver-subject-${n}`, `leaver${n}@gmail.example`]), []);
      // Only the invitation sent to the first address after the account left it: the next holder's, not the person's.
      assert.deepEqual(await tablesMentioning(t, [first]), ['team_invitations']);
      const later = await t.deps.db.selectFrom('team_invitations').select('id').where('email', '=', first).execute();
      assert.equal(later.length, 1);
      const events = await t.deps.db.selectFrom('auth_events').selectAll().where('type', '=', 'account_deleted').execute();
      assert.ok(events.length >= 1 && events.every((event) => event.account_id === null && event.ip === null));
      // What others own stays: the other team with its owner and the guest's invitation (no longer
      // naming who sent it), the mate's account with its own team.
      const guest = await t.deps.db
        .selectFrom('team_invitations')
        .selectAll()
        .where('email', '=', `leaver-guest${n}@example.com`)
        .execute();
      assert.deepEqual(
        guest.map((row) => [row.team_id, row.inviter_account_id]),
        [[hostTeam.id, null]],
      );
      const hostMembers = await t.deps.db.selectFrom('team_members').select('account_id').where('team_id', '=', hostTeam.id).execute();
      assert.deepEqual(
        hostMembers.map((row) => row.account_id),
        [host.id],
      );
      const mateMemberships = await t.deps.db.selectFrom('team_members').select('role').where('account_id', '=', mate.id).execute();
      assert.deepEqual(
        mateMemberships.map((row) => row.role),
        ['owner'],
        'the mate keeps only its own team',
      );

      // The license is released (decision 017): its key works on a new account.
      assert.equal((await visitor(t).get(`/license/${key}`)).json.data.status, 'available');
      // Another instance on the same database: the one-mail-a-minute limit of this address, kept
      // in this process's memory, is no part of what is tested here. Either instance may send the
      // verification mail (one outbox), so they share one mail server.
      const fresh = await startTestApp({ databaseUrl: t.databaseUrl, env: { TRUST_PROXY: '127.0.0.1' }, smtp: t.smtp });
      try {
        const again = visitor(fresh);
        await registerAccount(fresh, again, email, 'A fresh start 2027');
        const session = (await again.get('/session')).json.data;
        assert.equal(session.account.firstName, null, 'nothing carried over');
        assert.equal(session.account.consent, false);
        assert.equal(session.license, null);
        assert.equal((await again.post('/license/activate', { license: key })).status, 200);
      } finally {
        await fresh.stop();
      }
    });

    it("leaves another account's mail alone when an e-mail change named its address", async () => {
      n += 1;
      const holder = `holder${n}@example.com`;
      await seedAccount(t, holder, { passwordHash: hash });
      const email = `grabber${n}@example.com`;
      await seedAccount(t, email, { passwordHash: hash });
      const client = await signIn(t, email, password);
      assert.equal((await client.post('/account/email', { email: holder, currentPassword: password })).status, 200);
      await t.smtp.waitFor(holder, (mail) => mail.subject.includes('already used'));
      assert.equal((await client.post('/account/delete', { currentPassword: password })).status, 200);
      const kept = await t.deps.db.selectFrom('mail_outbox').select('kind').where('to_address', '=', holder).execute();
      assert.deepEqual(
        kept.map((mail) => mail.kind),
        ['email_change_taken'],
        "the holder's mail stays",
      );
    });

    it("exports an invitation it claimed or took up for another address without that person's address", async () => {
      n += 1;
      const email = `forwarded${n}@example.com`;
      const stranger = `forward-stranger${n}@example.com`;
      const account = await seedAccount(t, email, { passwordHash: hash });
      const client = await signIn(t, email, password);
      const host = await seedAccount(t, `forward-host${n}@example.com`, { passwordHash: hash });
      const hostTeam = await findOwnTeam(t.deps.db, host.id);
      assert.ok(hostTeam);
      // A claim for another address, as sign-ups made them before decision 030.
      const claimed = await seedInvitation(t, hostTeam.id, stranger, { inviterId: host.id });
      await t.deps.db.updateTable('team_invitations').set({ claimed_by: account.id }).where('id', '=', claimed.id).execute();
      const exported = async () => {
        const answer = await client.get('/account/export');
        assert.equal(answer.status, 200);
        assert.ok(!answer.text.includes(stranger), "the other person's address is not in the file");
        return answer.json.data.teamInvitations.received.map((i: { email: string | null; teamId: string }) => [i.email, i.teamId]);
      };
      assert.deepEqual(await exported(), [[null, hostTeam.id]]);
      const forwarded = await seedInvitation(t, hostTeam.id, `forward-other${n}@example.com`, { inviterId: host.id });
      assert.equal((await client.post(`/invitations/${forwarded.token}/accept`, { otherAddress: true })).status, 200);
      assert.deepEqual(await exported(), [
        [null, hostTeam.id],
        [null, hostTeam.id],
      ]);
    });

    it('takes nothing sent to an address it used to have after it left it: the invitation and its mail stay', async () => {
      n += 1;
      const first = `mover${n}@example.com`;
      await seedAccount(t, first, { passwordHash: hash });
      const client = await signIn(t, first, password);
      await moveTo(t, client, `mover${n}-new@example.com`);
      await seedAccount(t, `mover-host${n}@example.com`, { passwordHash: hash });
      const hostClient = await signIn(t, `mover-host${n}@example.com`, password);
      assert.equal((await invite(hostClient, first)).status, 200);
      const answer = await client.get('/account/export');
      assert.deepEqual(answer.json.data.teamInvitations.received, [], "an invitation to the address after it was left is not the person's");
      assert.equal((await client.post('/account/delete', { currentPassword: password })).status, 200);
      const invitations = await t.deps.db.selectFrom('team_invitations').select('email').where('email', '=', first).execute();
      assert.equal(invitations.length, 1, 'the invitation stays');
      const mails = await t.deps.db.selectFrom('mail_outbox').select('kind').where('to_address', '=', first).execute();
      assert.ok(
        mails.some((mail) => mail.kind === 'team_invitation'),
        'the invitation mail stays',
      );
    });

    it('erases only its own confirmation mail at an address it asked for but never proved', async () => {
      n += 1;
      const stranger = `stranger${n}@example.com`;
      const host = await seedAccount(t, `inviter${n}@example.com`, { passwordHash: hash });
      const hostClient = await signIn(t, `inviter${n}@example.com`, password);
      assert.equal((await invite(hostClient, stranger)).status, 200);
      const email = `asker${n}@example.com`;
      await seedAccount(t, email, { passwordHash: hash });
      const client = await signIn(t, email, password);
      assert.equal((await client.post('/account/email', { email: stranger, currentPassword: password })).status, 200);
      assert.equal((await client.post('/account/delete', { currentPassword: password })).status, 200);
      const kept = await t.deps.db.selectFrom('mail_outbox').select('kind').where('to_address', '=', stranger).execute();
      assert.deepEqual(
        kept.map((mail) => mail.kind),
        ['team_invitation'],
        "the stranger's invitation mail stays, the change's confirmation goes",
      );
      const invitations = await t.deps.db
        .selectFrom('team_invitations')
        .select('inviter_account_id')
        .where('email', '=', stranger)
        .execute();
      assert.deepEqual(
        invitations.map((row) => row.inviter_account_id),
        [host.id],
        "the stranger's invitation stays",
      );
    });

    it('confirms with a mailed code for an account without a password', async () => {
      n += 1;
      const email = `passwordless${n}@example.com`;
      const account = await seedAccount(t, email, { passwordHash: hash });
      const client = await signIn(t, email, password);
      await t.deps.db.updateTable('accounts').set({ password_hash: null }).where('id', '=', account.id).execute();
      assert.equal((await client.post('/account/delete', { currentPassword: password })).json.code, 'account.confirmation_required');
      assert.equal((await client.post('/account/deletion-code')).status, 200);
      const code = codeIn(await t.smtp.waitFor(email, (mail) => mail.subject.includes('delete your account')));
      const wrong = await client.post('/account/delete', { emailCode: code === '111111' ? '222222' : '111111' });
      assert.equal(wrong.json.code, 'otp.invalid');
      assert.equal((await client.get('/session')).json.data.account.email, email);
      assert.equal((await client.post('/account/delete', { emailCode: code })).status, 200);
      assert.equal(await t.deps.db.selectFrom('accounts').select('id').where('id', '=', account.id).executeTakeFirst(), undefined);
    });

    it('from a hosting panel: deletes with the apiKey, unlinks the panel user', async () => {
      const panel = await registerPanel(t);
      n += 1;
      const email = `panel-leaver${n}@example.com`;
      const account = await seedAccount(t, email, { passwordHash: hash });
      const browser = panelBrowser(t, panel.origin);
      assert.equal((await browser.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'leaver' })).status, 200);
      assert.equal((await browser.post('/account/delete', { currentPassword: password })).json.code, 'panel.invalid_key');
      assert.equal((await browser.post('/account/delete', { currentPassword: password }, { 'x-api-key': panel.apiKey })).status, 200);
      const links = await t.deps.db.selectFrom('panel_accounts').selectAll().where('account_id', '=', account.id).execute();
      assert.deepEqual(links, []);
    });
  });
}
