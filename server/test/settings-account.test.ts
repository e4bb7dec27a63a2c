import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Language } from '@gatehouse/contract';
import { issueToken } from '../src/features/tokens/token.service.ts';
import { freshEmail, seedAccount, signedInAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { linkIn } from './support/smtp.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

const password = 'Settings secret 2026';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const safari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

for (const dialect of await dialects('behaviour')) {
  describe(`account settings: profile, consents, password, sessions (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    const person = (locale: Language = 'en') => signedInAccount(t, { hash, password, prefix: 'settings', locale });

    before(async () => ({ t, hash } = await startWithHash(dialect, password)));
    after(() => t.stop());

    it('refuses every settings call without a session', async () => {
      const anonymous = visitor(t);
      for (const [method, path] of [
        ['GET', '/account'],
        ['GET', '/account/consents'],
        ['PUT', '/account/consents'],
        ['POST', '/account/password'],
        ['POST', '/account/email'],
        ['POST', '/sessions/end-others'],
        ['GET', '/account/export'],
        ['POST', '/account/deletion-code'],
        ['POST', '/account/delete'],
      ] as const) {
        const answer = await anonymous.request(method, path, method === 'GET' ? {} : { json: {} });
        assert.equal(answer.status, 401, `${method} ${path}`);
        assert.equal(answer.json.code, 'auth.session_required');
      }
    });

    it('saves names and the language of interface and mail', async () => {
      const { client } = await person();
      const saved = await client.put('/profile', { firstName: ' Ada ', familyName: 'Lovelace', locale: 'ja' });
      assert.equal(saved.status, 200, saved.text);
      const { account } = (await client.get('/session')).json.data;
      assert.deepEqual([account.firstName, account.familyName, account.locale], ['Ada', 'Lovelace', 'ja']);
      const refused = await client.put('/profile', { firstName: 'x'.repeat(101), locale: 'xx' });
      assert.equal(refused.status, 400);
      assert.equal(refused.json.fields.firstName, 'validation.name_too_long');
      for (const [name, error] of [
        ['See https://prize.example', 'validation.name_link'],
        ['www.prize.example', 'validation.name_link'],
        ['Ada\nLovelace', 'validation.name_invalid'],
        ['Ada\u202eecalevoL', 'validation.name_invalid'],
      ]) {
        const answer = await client.put('/profile', { familyName: name, locale: 'en' });
        assert.equal(answer.json.fields?.familyName, error, name);
      }
      assert.equal((await client.get('/session')).json.data.account.familyName, 'Lovelace');
      assert.equal((await client.get('/session')).json.data.account.firstName, 'Ada', 'a refused change changes nothing');
    });

    it('appends each consent change to the ledger, never overwriting it', async () => {
      const { client } = await person();
      const start = (await client.get('/account/consents')).json.data;
      assert.ok(start.dataProcessingAt, 'the data-processing consent shows when it was given');
      assert.equal(start.marketingAt, null);
      const given = await client.put('/account/consents', { consent: true, analyticsConsent: true });
      assert.equal(given.status, 200, given.text);
      assert.ok(given.json.data.marketingAt && given.json.data.analyticsAt);
      t.clock.advance(1000);
      const revoked = (await client.put('/account/consents', { consent: false })).json.data;
      assert.equal(revoked.marketingAt, null);
      assert.ok(revoked.analyticsAt, 'analytics stays given');
      const marketing = revoked.ledger.filter((entry: { kind: string }) => entry.kind === 'marketing');
      assert.deepEqual(
        marketing.map((entry: { granted: boolean }) => entry.granted),
        [false, true],
        'both entries, newest first',
      );
      for (const entry of marketing) assert.equal(entry.policyVersion, t.deps.config.consentPolicyVersion);
      // The same value again is no change: nothing appended.
      const again = (await client.put('/account/consents', { consent: false })).json.data;
      assert.equal(again.ledger.length, revoked.ledger.length);
      assert.equal((await client.put('/account/consents', { consent: 'yes' })).status, 400);
    });

    it('changes the password with the current one: other sessions and reset links end, a mail in the account language', async () => {
      const { email, id, client } = await person('de');
      const other = await signIn(t, email, password);
      const resetToken = await issueToken(t.deps.db, t.deps.clock, id, 'password_reset');
      await t.deps.db.updateTable('accounts').set({ code_failures: 50 }).where('id', '=', id).execute();

      const wrong = await client.post('/account/password', { currentPassword: 'Not the password', password: 'Brand new secret 1' });
      assert.equal(wrong.status, 400);
      assert.deepEqual([wrong.json.code, wrong.json.fields.currentPassword], ['auth.wrong_password', 'auth.wrong_password']);
      const weak = await client.post('/account/password', { currentPassword: password, password: 'short' });
      assert.equal(weak.status, 400);
      assert.equal(weak.json.fields.password, 'validation.password_rule');
      const common = await client.post('/account/password', { currentPassword: password, password: 'password123' });
      assert.equal(common.json.code, 'validation.password_common');
      assert.equal((await other.get('/session')).json.data.account.email, email, 'refused changes end no session');

      const changed = await client.post('/account/password', { currentPassword: password, password: 'Brand new secret 1' });
      assert.equal(changed.status, 200, changed.text);
      assert.equal((await client.get('/session')).json.data.account.email, email, 'this session stays');
      assert.equal((await other.get('/session')).json.data, null, 'the other session ended');
      const reset = await visitor(t).post('/user/password-reset', { password: 'Yet another secret 2', token: resetToken });
      assert.equal(reset.json.code, 'reset.failed', 'the outstanding reset link ended');
      const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('Passwort'));
      assert.match(mail.text, /anderen angemeldeten Geräte wurden abgemeldet/);
      const row = await t.deps.db.selectFrom('accounts').select('code_failures').where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.code_failures, 0, 'the one password write (applyNewPassword) clears the count of wrong codes');
      assert.equal((await visitor(t).postForm('/signin', { email, password })).status, 401);
      assert.equal((await visitor(t).postForm('/signin', { email, password: 'Brand new secret 1' })).status, 200);
    });

    it('a password change ends a pending e-mail change but keeps its "this was not me" link', async () => {
      const { email, id, client } = await person();
      const next = freshEmail('unconfirmed');
      assert.equal((await client.post('/account/email', { email: next, currentPassword: password })).status, 200);
      const cancel = linkIn(
        await t.smtp.waitFor(email, (mail) => mail.subject.includes('about to change')),
        `${t.url}/email-change/cancel?`,
      );
      const confirm = linkIn(await t.smtp.waitFor(next), `${t.url}/email-change?`);
      const tokenOf = (url: URL) => url.searchParams.get('token') ?? '';

      assert.equal((await client.post('/account/password', { currentPassword: password, password: 'Changed meanwhile 7' })).status, 200);
      const live = await t.deps.db
        .selectFrom('one_time_tokens')
        .select('purpose')
        .where('account_id', '=', id)
        .where('consumed_at', 'is', null)
        .execute();
      assert.deepEqual(
        live.map((token) => token.purpose),
        ['email_change_cancel'],
        'only the "this was not me" link is left',
      );
      assert.equal((await client.get('/account')).json.data.pendingEmail, null, 'the pending change ended');
      const late = await visitor(t).post('/account/email/confirm', { token: tokenOf(confirm) });
      assert.equal(late.json.code, 'email_change.failed', "the new address's link ended");
      const stopped = await visitor(t).post('/account/email/cancel', { token: tokenOf(cancel) });
      assert.equal(stopped.status, 200, stopped.text);
      assert.equal((await client.get('/session')).json.data, null, '"this was not me" still ends every session');
    });

    it('tells an account without a password to set one through the mail', async () => {
      const account = await seedAccount(t, 'nopassword@example.com', { passwordHash: hash });
      const client = await signIn(t, 'nopassword@example.com', password);
      await t.deps.db.updateTable('accounts').set({ password_hash: null }).where('id', '=', account.id).execute();
      assert.equal((await client.get('/account')).json.data.hasPassword, false);
      const answer = await client.post('/account/password', { currentPassword: 'anything', password: 'Brand new secret 1' });
      assert.equal(answer.status, 400);
      assert.equal(answer.json.code, 'account.no_password');
    });

    it('lists sessions with browser, system, address and times; ends one, then all others', async () => {
      const { email, client } = await person();
      const phone = t.client({ 'x-forwarded-for': '203.0.113.7', 'user-agent': safari });
      assert.equal((await phone.postForm('/signin', { email, password })).status, 200);
      const laptop = t.client({ 'x-forwarded-for': '203.0.113.8', 'user-agent': firefox });
      assert.equal((await laptop.postForm('/signin', { email, password })).status, 200);

      const list = (await laptop.get('/sessions')).json.data as Array<Record<string, unknown>>;
      assert.equal(list.length, 3);
      const mine = list.find((s) => s.current);
      assert.deepEqual([mine?.browser, mine?.os, mine?.ip], ['Firefox 128', 'Windows 10', '203.0.113.8']);
      const iphone = list.find((s) => s.ip === '203.0.113.7');
      assert.deepEqual([iphone?.browser, iphone?.os], ['Safari 17', 'iOS 17.5']);
      for (const s of list) assert.ok(s.createdAt && s.lastSeenAt && s.expiresAt);

      assert.equal((await laptop.delete(`/sessions/${iphone?.id}`)).status, 200);
      assert.equal((await phone.get('/session')).json.data, null);
      const audited = await t.deps.db
        .selectFrom('auth_events')
        .innerJoin('accounts', 'accounts.id', 'auth_events.account_id')
        .select(['auth_events.type', 'auth_events.ip'])
        .where('accounts.email_key', '=', email)
        .where('auth_events.type', '=', 'session_ended')
        .execute();
      assert.deepEqual(
        audited.map((row) => ({ ...row })),
        [{ type: 'session_ended', ip: '203.0.113.8' }],
        'ending one session is audited, like ending the others',
      );
      assert.equal((await laptop.delete(`/sessions/${iphone?.id}`)).json.code, 'auth.session_not_found');

      const ended = await laptop.post('/sessions/end-others');
      assert.deepEqual(ended.json.data, { ended: 1 });
      assert.equal((await client.get('/session')).json.data, null);
      assert.equal((await laptop.get('/session')).json.data.account.email, email);
    });
  });
}
