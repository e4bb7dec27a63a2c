import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { eventually, registerAccount, seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { codeIn, panelBrowser, registerPanel } from './support/panels.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const password = 'Farewell secret 2026';

/** Every table of the database, read from the catalogue: a table added later is checked too. */
async function everyTable(t: TestApp): Promise<string[]> {
  const query = t.databaseUrl.startsWith('postgres')
    ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await query.execute(t.deps.db)).rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_'));
}

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

for (const dialect of await dialects()) {
  describe(`account settings: download my data, delete the account (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let n = 0;

    before(async () => {
      t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1' } });
      hash = await t.deps.hasher.hash(password);
    });
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

    it('refuses a wrong password and deletes nothing', async () => {
      n += 1;
      const email = `keeper${n}@example.com`;
      await seedAccount(t, email, { passwordHash: hash });
      const client = await signIn(t, email, password);
      const wrong = await client.post('/account/delete', { password: 'Not my password' });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.json.code, 'auth.wrong_password');
      const missing = await client.post('/account/delete', {});
      assert.equal(missing.json.code, 'account.confirmation_required');
      assert.equal((await client.get('/session')).json.data.account.email, email);
    });

    it('deletes everything personal in one go; the address can sign up again from scratch', async () => {
      n += 1;
      const email = `leaver${n}@example.com`;
      const browser = visitor(t, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' });
      const { id } = await registerAccount(t, browser, email, password);
      await browser.put('/profile', { firstName: 'Lea', familyName: 'Verlassen', consent: true, locale: 'fr' });
      const other = await signIn(t, email, password);
      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'pro', count: 1, kind: 'standalone' });
      assert.equal((await browser.post('/license/activate', { license: key })).status, 200);
      await browser.post('/account/email', { email: `pending${n}@example.com`, password });
      await t.outbox.flush();

      const deleted = await browser.post('/account/delete', { password });
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal(browser.cookies.size, 0, 'the cookie is cleared');
      assert.equal((await other.get('/session')).json.data, null, 'every session ended');
      const twice = await browser.post('/account/delete', { password });
      assert.equal(twice.status, 401, 'deleting twice finds no account');

      const goodbye = await t.smtp.waitFor(email, (mail) => mail.subject.includes('supprimé'));
      assert.match(goodbye.text, /supprimés/, 'in the account language');
      // Once the goodbye is out, no table holds the account's id, address, name or pending address.
      await eventually(async () => ((await tablesMentioning(t, [email])).length === 0 ? true : undefined), 'the goodbye mail erased');
      assert.deepEqual(await tablesMentioning(t, [id, email, 'Verlassen', `pending${n}@example.com`]), []);
      const events = await t.deps.db.selectFrom('auth_events').selectAll().where('type', '=', 'account_deleted').execute();
      assert.ok(events.length >= 1 && events.every((event) => event.account_id === null && event.ip === null));

      // The license is released (decision 017): its key works on a new account.
      assert.equal((await visitor(t).get(`/license/${key}`)).json.data.status, 'available');
      // Another instance on the same database: the one-mail-a-minute limit of this address, kept
      // in this process's memory, is no part of what is tested here.
      const fresh = await startTestApp({ databaseUrl: t.databaseUrl, env: { TRUST_PROXY: '127.0.0.1' } });
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
      assert.equal((await client.post('/account/email', { email: holder, password })).status, 200);
      await t.smtp.waitFor(holder, (mail) => mail.subject.includes('already used'));
      assert.equal((await client.post('/account/delete', { password })).status, 200);
      const kept = await t.deps.db.selectFrom('mail_outbox').select('kind').where('to_address', '=', holder).execute();
      assert.deepEqual(
        kept.map((mail) => mail.kind),
        ['email_change_taken'],
        "the holder's mail stays",
      );
    });

    it('confirms with a mailed code for an account without a password', async () => {
      n += 1;
      const email = `passwordless${n}@example.com`;
      const account = await seedAccount(t, email, { passwordHash: hash });
      const client = await signIn(t, email, password);
      await t.deps.db.updateTable('accounts').set({ password_hash: null }).where('id', '=', account.id).execute();
      assert.equal((await client.post('/account/delete', { password })).json.code, 'account.confirmation_required');
      assert.equal((await client.post('/account/deletion-code')).status, 200);
      const code = codeIn(await t.smtp.waitFor(email, (mail) => mail.subject.includes('delete your account')));
      const wrong = await client.post('/account/delete', { code: code === '111111' ? '222222' : '111111' });
      assert.equal(wrong.json.code, 'otp.invalid');
      assert.equal((await client.get('/session')).json.data.account.email, email);
      assert.equal((await client.post('/account/delete', { code })).status, 200);
      assert.equal(await t.deps.db.selectFrom('accounts').select('id').where('id', '=', account.id).executeTakeFirst(), undefined);
    });

    it('from a hosting panel: deletes with the apiKey, unlinks the panel user', async () => {
      const panel = await registerPanel(t);
      n += 1;
      const email = `panel-leaver${n}@example.com`;
      const account = await seedAccount(t, email, { passwordHash: hash });
      const browser = panelBrowser(t, panel.origin);
      assert.equal((await browser.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'leaver' })).status, 200);
      assert.equal((await browser.post('/account/delete', { password })).json.code, 'panel.invalid_key');
      assert.equal((await browser.post('/account/delete', { password }, { 'x-api-key': panel.apiKey })).status, 200);
      const links = await t.deps.db.selectFrom('panel_accounts').selectAll().where('account_id', '=', account.id).execute();
      assert.deepEqual(links, []);
    });
  });
}
