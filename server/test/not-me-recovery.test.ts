import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { insertIdentity } from '../src/features/sso/sso.repository.ts';
import { iso } from '../src/lib/clock.ts';
import { newId } from '../src/lib/crypto.ts';
import { seedAccount, signIn, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import { panelBrowser, registerPanel } from './support/panels.ts';
import { linkIn } from './support/smtp.ts';
import { type SsoTestApp, ssoRoundTrip, startSsoTestApp } from './support/sso.ts';

// "This was not me" locks out whoever made the disputed change (decision 029): they were signed
// in and knew the password, so the password ends with their sessions, and what they connected
// since (a sign-on identity, a panel link) goes; only the reset link mailed to the restored
// address gets back in.

const ownerPassword = 'Owner secret 2026';
const intruderPassword = 'Intruder secret 99';
const minute = 60_000;

for (const dialect of await dialects('behaviour')) {
  describe(`"this was not me" ends every way in the intruder had (${dialect})`, () => {
    let s: SsoTestApp;
    before(async () => {
      s = await startSsoTestApp(dialect);
    });
    after(() => s.stop());

    it('ends the password, the sessions, the identities and panel links added since, and mails a reset link', async () => {
      const { t, google } = s;
      const email = 'ada@example.com';
      const intruderEmail = 'mallory@example.com';
      const account = await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash(ownerPassword) });
      const panel = await registerPanel(t);
      const key = { 'x-api-key': panel.apiKey };
      const ownerLink = await panelBrowser(t, panel.origin).post('/user/signin', {
        email,
        password: ownerPassword,
        apiKey: panel.apiKey,
        userId: 'owner-1',
      });
      assert.equal(ownerLink.status, 200, ownerLink.text);

      // Later, someone who learnt the password moves the account to their address, sets their own
      // password, links their panel user and connects their own Google account.
      t.clock.advance(minute);
      const intruder = await signIn(t, email, ownerPassword);
      assert.equal((await intruder.post('/account/email', { email: intruderEmail, currentPassword: ownerPassword })).status, 200);
      const notice = await t.smtp.waitFor(email, (mail) => mail.subject.includes('about to change'));
      const cancel = linkIn(notice, `${t.url}/email-change/cancel?`).searchParams.get('token');
      const confirm = linkIn(await t.smtp.waitFor(intruderEmail), `${t.url}/email-change?`).searchParams.get('token');
      t.clock.advance(minute);
      assert.equal((await visitor(t).post('/account/email/confirm', { token: confirm })).status, 200);
      const changed = await intruder.post('/account/password', { currentPassword: ownerPassword, password: intruderPassword });
      assert.equal(changed.status, 200, changed.text);
      const intruderPanel = panelBrowser(t, panel.origin);
      const linked = await intruderPanel.post('/user/signin', {
        email: intruderEmail,
        password: intruderPassword,
        apiKey: panel.apiKey,
        userId: 'intruder-1',
      });
      assert.equal(linked.status, 200, linked.text);
      // How the identity got connected is another test's matter: here it only has to exist.
      const googleUser = google.addUser({ email: intruderEmail, emailVerified: true });
      const now = iso(t.clock.now());
      await insertIdentity(t.deps.db, {
        id: newId(),
        account_id: account.id,
        provider: 'google',
        issuer: google.issuer,
        subject: googleUser.sub,
        email: intruderEmail,
        created_at: now,
        last_used_at: null,
      });

      t.clock.advance(minute);
      const stopped = await visitor(t).post('/account/email/cancel', { token: cancel });
      assert.equal(stopped.status, 200, stopped.text);

      assert.equal((await intruder.get('/session')).json.data, null, 'the intruder is signed out');
      assert.equal((await intruderPanel.get('/session', key)).json.data, null, 'in the panel too');
      for (const password of [intruderPassword, ownerPassword]) {
        const again = await visitor(t).postForm('/signin', { email, password });
        assert.equal(again.status, 401, `the password ${password} no longer signs in`);
      }
      const google2 = visitor(t);
      await ssoRoundTrip(google2, google, googleUser.login);
      assert.equal((await google2.get('/session')).json.data, null, "the intruder's Google account no longer signs in");
      const identities = await t.deps.db.selectFrom('sso_identities').select('id').where('account_id', '=', account.id).execute();
      assert.deepEqual(identities, []);
      const links = await t.deps.db.selectFrom('panel_accounts').select('panel_user_id').where('account_id', '=', account.id).execute();
      assert.deepEqual(
        links.map((row) => row.panel_user_id),
        ['owner-1'],
        'the panel link from before the change stays',
      );

      const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('Choose a new password'));
      assert.match(mail.text, /password no longer works/);
      assert.match(mail.text, /added since the request: sign-in connections \(Google, Microsoft\) and hosting panel links\./);
      assert.equal(t.smtp.mailsTo(intruderEmail).filter((m) => m.subject.includes('Choose a new password')).length, 0);
      const reset = linkIn(mail, `${t.url}/reset?`).searchParams.get('token');
      const owned = await visitor(t).post('/user/password-reset', { token: reset, password: 'Owner again 2026' });
      assert.equal(owned.status, 200, owned.text);
      assert.equal((await visitor(t).postForm('/signin', { email, password: 'Owner again 2026' })).status, 200);
    });
  });
}
