import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMs, iso } from '../src/lib/clock.ts';
import { newId, randomToken, sha256 } from '../src/lib/crypto.ts';
import { seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { codeIn, panelBrowser, registerPanel } from './support/panels.ts';
import { linkIn } from './support/smtp.ts';
import { startWithHash, type TestApp } from './support/test-app.ts';

const password = 'Mailbox secret 2026';

for (const dialect of await dialects('behaviour')) {
  describe(`account settings: e-mail change (${dialect})`, () => {
    let t: TestApp;
    let hash: string;
    let n = 0;
    const person = async () => {
      n += 1;
      const email = `mover${n}@example.com`;
      const account = await seedAccount(t, email, { passwordHash: hash });
      return { email, id: account.id, client: await signIn(t, email, password) };
    };
    const tokenOf = (url: URL) => url.searchParams.get('token') ?? '';
    /** Moves the account to `next` through the mailed link; the link the old address got to undo it. */
    const moveAccount = async (client: TestClient, email: string, next: string) => {
      assert.equal((await client.post('/account/email', { email: next, currentPassword: password })).status, 200);
      const cancel = linkIn(
        await t.smtp.waitFor(email, (mail) => mail.subject.includes('about to change')),
        `${t.url}/email-change/cancel?`,
      );
      const link = linkIn(await t.smtp.waitFor(next), `${t.url}/email-change?`);
      assert.equal((await visitor(t).post('/account/email/confirm', { token: tokenOf(link) })).status, 200);
      return cancel;
    };

    before(async () => ({ t, hash } = await startWithHash(dialect, password)));
    after(() => t.stop());

    it('refuses a wrong password, the same address and an invalid one, changing nothing', async () => {
      const { email, client } = await person();
      const wrong = await client.post('/account/email', { email: 'new-address@example.com', currentPassword: 'Not it at all' });
      assert.equal(wrong.status, 400);
      assert.deepEqual([wrong.json.code, wrong.json.fields.currentPassword], ['auth.wrong_password', 'auth.wrong_password']);
      const same = await client.post('/account/email', { email: email.toUpperCase(), currentPassword: password });
      assert.equal(same.json.code, 'email_change.same_address');
      const invalid = await client.post('/account/email', { email: 'not an address', currentPassword: password });
      assert.equal(invalid.json.fields.email, 'validation.email_invalid');
      assert.equal((await client.get('/account')).json.data.pendingEmail, null);
      assert.equal(t.smtp.mails.filter((mail) => mail.to === 'new-address@example.com').length, 0);
    });

    it('changes the address only once the new one is verified; the old one gets a notice', async () => {
      const { email, client } = await person();
      const next = `moved${n}@example.com`;
      const started = await client.post('/account/email', { email: next, currentPassword: password });
      assert.equal(started.status, 200, started.text);
      assert.deepEqual(started.json.data, { pendingEmail: next });
      assert.equal((await client.get('/account')).json.data.pendingEmail, next);

      const notice = await t.smtp.waitFor(email, (mail) => mail.subject.includes('about to change'));
      assert.ok(notice.text.includes(next), 'the notice names the new address');
      linkIn(notice, `${t.url}/email-change/cancel?`);
      const verify = await t.smtp.waitFor(next, (mail) => mail.subject.includes('Confirm your new email'));
      const link = linkIn(verify, `${t.url}/email-change?`);

      // Unverified: nothing changed yet.
      assert.equal((await client.get('/session')).json.data.account.email, email);
      assert.equal((await visitor(t).postForm('/signin', { email: next, password })).status, 401);

      // The link works in any browser (a mail app's), signed in or not.
      const confirmed = await visitor(t).post('/account/email/confirm', { token: tokenOf(link) });
      assert.equal(confirmed.status, 200, confirmed.text);
      assert.deepEqual(confirmed.json.data, { email: next });
      assert.equal((await client.get('/session')).json.data.account.email, next, 'the session stays, on the new address');
      assert.equal((await client.get('/account')).json.data.pendingEmail, null);
      assert.equal((await visitor(t).postForm('/signin', { email: next, password })).status, 200);
      assert.equal((await visitor(t).postForm('/signin', { email, password })).status, 401);
      // A mail scanner may have opened the link first: opened again, it answers the same, changing nothing.
      const twice = await visitor(t).post('/account/email/confirm', { token: tokenOf(link) });
      assert.deepEqual(twice.json, { data: { email: next } });
      // Once the account moved on, the old link is dead.
      assert.equal((await client.post('/account/email', { email: `further${n}@example.com`, currentPassword: password })).status, 200);
      const further = linkIn(await t.smtp.waitFor(`further${n}@example.com`), `${t.url}/email-change?`);
      assert.equal((await visitor(t).post('/account/email/confirm', { token: tokenOf(further) })).status, 200);
      const stale = await visitor(t).post('/account/email/confirm', { token: tokenOf(link) });
      assert.equal(stale.json.code, 'email_change.failed', 'a used link never moves the account back');
    });

    it('answers the same for an address that has an account, and mails that address instead of a link', async () => {
      const { client } = await person();
      const holder = await person();
      const answers = [];
      for (const target of [holder.email, `unused${n}@example.com`]) {
        const answer = await client.post('/account/email', { email: target, currentPassword: password });
        answers.push([answer.status, JSON.stringify(answer.json.data).replace(target, 'X')]);
        assert.equal((await client.get('/account')).json.data.pendingEmail, target);
      }
      assert.deepEqual(answers[0], answers[1]);
      const taken = await t.smtp.waitFor(holder.email, (mail) => mail.subject.includes('already used'));
      assert.doesNotMatch(taken.text, /email-change\?/, 'no confirmation link to a taken address');
      assert.equal((await holder.client.get('/session')).json.data.account.email, holder.email);
    });

    it('refuses an expired link', async () => {
      const { email, client } = await person();
      const next = `late${n}@example.com`;
      assert.equal((await client.post('/account/email', { email: next, currentPassword: password })).status, 200);
      const link = linkIn(await t.smtp.waitFor(next), `${t.url}/email-change?`);
      t.clock.advance(24 * 3_600_000 + 1000);
      const late = await visitor(t).post('/account/email/confirm', { token: tokenOf(link) });
      t.clock.advance(-(24 * 3_600_000 + 1000));
      assert.equal(late.status, 400);
      assert.equal(late.json.code, 'email_change.failed');
      assert.equal((await client.get('/session')).json.data.account.email, email);
    });

    it('refuses the link when another account took the address meanwhile', async () => {
      const { email, client } = await person();
      const next = `contested${n}@example.com`;
      assert.equal((await client.post('/account/email', { email: next, currentPassword: password })).status, 200);
      const link = linkIn(await t.smtp.waitFor(next), `${t.url}/email-change?`);
      await seedAccount(t, next, { passwordHash: hash });
      const answer = await visitor(t).post('/account/email/confirm', { token: tokenOf(link) });
      assert.equal(answer.json.code, 'email_change.failed');
      assert.equal((await client.get('/session')).json.data.account.email, email);
    });

    it('"this was not me" undoes an applied change and ends every session, even after a password change', async () => {
      const { email, client } = await person();
      const next = `intruder${n}@example.com`;
      const cancel = await moveAccount(client, email, next);
      assert.equal((await client.post('/account/password', { currentPassword: password, password: 'Intruder secret 99' })).status, 200);

      const stopped = await visitor(t).post('/account/email/cancel', { token: tokenOf(cancel) });
      assert.equal(stopped.status, 200, stopped.text);
      assert.equal((await client.get('/session')).json.data, null, 'every session ended');
      const row = await t.deps.db.selectFrom('accounts').select('email').where('email_key', '=', email).executeTakeFirst();
      assert.equal(row?.email, email, 'the account is back on its address');
      assert.equal((await visitor(t).post('/account/email/cancel', { token: tokenOf(cancel) })).json.code, 'token.invalid');
    });

    it('"this was not me" still works after whoever moved the account asked for another change', async () => {
      const { email, client } = await person();
      const next = `hopper${n}@example.com`;
      const cancel = await moveAccount(client, email, next);
      assert.equal((await client.post('/account/email', { email: `hopper${n}-again@example.com`, currentPassword: password })).status, 200);

      const stopped = await visitor(t).post('/account/email/cancel', { token: tokenOf(cancel) });
      assert.equal(stopped.status, 200, stopped.text);
      const row = await t.deps.db.selectFrom('accounts').select('email').where('email_key', '=', email).executeTakeFirst();
      assert.equal(row?.email, email, 'the account is back on its first address');
      assert.equal((await client.get('/account')).status, 401, 'every session ended');
    });

    /** A change asked for earlier, whose mail went to the new address then (the mail limits are a minute per address). */
    const pendingSince = async (accountId: string, newEmail: string) => {
      const now = t.deps.clock.now();
      await t.deps.db
        .insertInto('one_time_tokens')
        .values({
          id: newId(),
          account_id: accountId,
          purpose: 'email_change',
          token_hash: sha256(randomToken()),
          expires_at: iso(addMs(now, 3_600_000)),
          consumed_at: null,
          attempts: 0,
          created_at: iso(addMs(now, -3_600_000)),
          new_email: newEmail,
        })
        .execute();
    };
    const events = (accountId: string) => t.deps.db.selectFrom('auth_events').select('type').where('account_id', '=', accountId).execute();

    it('the signed-in owner resends the pending change: a fresh link, the earlier one ends; again at once is refused', async () => {
      const { email, id, client } = await person();
      const next = `resent${n}@example.com`;
      assert.equal((await visitor(t).post('/account/email/resend', {})).status, 401, 'only with a session');
      const none = await client.post('/account/email/resend', {});
      assert.deepEqual([none.status, none.json.code], [400, 'email_change.none_pending']);
      await pendingSince(id, next);

      const resent = await client.post('/account/email/resend', {});
      assert.equal(resent.status, 200, resent.text);
      assert.deepEqual(resent.json.data, { pendingEmail: next });
      const mail = await t.smtp.waitFor(next, (m) => m.subject.includes('Confirm your new email'));
      const again = await client.post('/account/email/resend', {});
      assert.equal(again.status, 429, 'a minute between two mails to one address');
      assert.equal(t.smtp.mails.filter((m) => m.to === next).length, 1, 'the refused resend mailed nothing');
      assert.equal(t.smtp.mails.filter((m) => m.to === email).length, 0, 'the old address is not told again');

      const confirmed = await visitor(t).post('/account/email/confirm', { token: tokenOf(linkIn(mail, `${t.url}/email-change?`)) });
      assert.equal(confirmed.status, 200, confirmed.text);
      assert.equal((await client.get('/session')).json.data.account.email, next);
      assert.ok((await events(id)).some((event) => event.type === 'email_change_resent'));
    });

    it('the signed-in owner withdraws the pending change: its link stops working, the address stays', async () => {
      const { email, id, client } = await person();
      const next = `withdrawn${n}@example.com`;
      assert.equal((await client.post('/account/email', { email: next, currentPassword: password })).status, 200);
      const link = linkIn(await t.smtp.waitFor(next, (m) => m.subject.includes('Confirm your new email')), `${t.url}/email-change?`);
      assert.equal((await visitor(t).post('/account/email/withdraw', {})).status, 401, 'only with a session');

      const withdrawn = await client.post('/account/email/withdraw', {});
      assert.equal(withdrawn.status, 200, withdrawn.text);
      assert.equal((await client.get('/account')).json.data.pendingEmail, null);
      const late = await visitor(t).post('/account/email/confirm', { token: tokenOf(link) });
      assert.equal(late.json.code, 'email_change.failed');
      assert.equal((await client.get('/session')).json.data.account.email, email);
      const twice = await client.post('/account/email/withdraw', {});
      assert.deepEqual([twice.status, twice.json.code], [400, 'email_change.none_pending']);
      assert.ok((await events(id)).some((event) => event.type === 'email_change_withdrawn'));
    });

    it('from a hosting panel the resend mails a code, which confirms the change', async () => {
      const panel = await registerPanel(t);
      const email = `panel-resend${n}@example.com`;
      const account = await seedAccount(t, email, { passwordHash: hash });
      const browser = panelBrowser(t, panel.origin);
      assert.equal((await browser.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'u-2' })).status, 200);
      const next = `panel-resent${n}@example.com`;
      await pendingSince(account.id, next);
      assert.equal((await browser.post('/account/email/resend', {})).json.code, 'panel.invalid_key', 'the key, as on every call');
      const key = { 'x-api-key': panel.apiKey };
      assert.equal((await browser.post('/account/email/resend', {}, key)).status, 200);
      const code = codeIn(await t.smtp.waitFor(next, (mail) => mail.subject.includes('confirm your new email')));
      assert.equal((await browser.post('/account/email/confirm', { code }, key)).status, 200);
      assert.equal((await browser.get('/session')).json.data.account.email, next);
    });

    it('from a hosting panel: needs the apiKey, mails a code, confirms it signed in', async () => {
      const panel = await registerPanel(t);
      const email = `panel-mover${n}@example.com`;
      await seedAccount(t, email, { passwordHash: hash });
      const browser = panelBrowser(t, panel.origin);
      const signin = await browser.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'u-1' });
      assert.equal(signin.status, 200, signin.text);

      const next = `panel-moved${n}@example.com`;
      const keyless = await browser.post('/account/email', { email: next, currentPassword: password });
      assert.equal(keyless.status, 401);
      assert.equal(keyless.json.code, 'panel.invalid_key');
      assert.equal((await browser.get('/account/consents')).json.code, 'panel.invalid_key');

      const key = { 'x-api-key': panel.apiKey };
      assert.equal((await browser.post('/account/email', { email: next, currentPassword: password }, key)).status, 200);
      const code = codeIn(await t.smtp.waitFor(next, (mail) => mail.subject.includes('confirm your new email')));
      assert.equal((await visitor(t).post('/account/email/confirm', { code })).status, 401, 'a code needs the session');
      const wrong = await browser.post('/account/email/confirm', { code: code === '000000' ? '000001' : '000000' }, key);
      assert.equal(wrong.json.code, 'otp.invalid');
      const confirmed = await browser.post('/account/email/confirm', { code }, key);
      assert.equal(confirmed.status, 200, confirmed.text);
      assert.equal((await browser.get('/session')).json.data.account.email, next);
    });
  });
}
