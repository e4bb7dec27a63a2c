import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { dialects } from './support/databases.ts';
import { linkIn } from './support/smtp.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The whole standalone journey through the front door, once per database.
for (const dialect of await dialects('behaviour')) {
  describe(`standalone journey (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ dialect });
    });
    after(() => t.stop());

    it('signs up, verifies, sets a password, fills the profile, activates, signs out and in, resets', async () => {
      const email = 'Ada.Lovelace@Example.COM';
      const normalized = 'Ada.Lovelace@example.com';
      const browser = t.client();

      const signup = await browser.post('/user/signup', { email, dataProcessingConsent: true, consent: true, locale: 'de' });
      assert.equal(signup.status, 200);
      assert.deepEqual(signup.json, { data: { email: normalized } });

      const verificationMail = await t.smtp.waitFor(normalized);
      assert.match(verificationMail.subject, /Bestätigen|E-Mail/);
      assert.ok(verificationMail.html.includes('<a href="http://localhost'));
      const link = linkIn(verificationMail, `${t.url}/activate-email?`);
      const token = link.searchParams.get('token') ?? '';
      assert.equal(link.searchParams.get('email'), normalized);

      // A mail scanner opens the link first; the person's click still works.
      const scanner = await t.client().post('/user/verify-email', { token, email: normalized });
      assert.equal(scanner.status, 200);
      const verified = await browser.post('/user/verify-email', { token, email: normalized });
      assert.equal(verified.status, 200);
      assert.equal(verified.json.data.email, normalized);
      const setToken: string = verified.json.data.token;
      assert.notEqual(setToken, scanner.json.data.token);

      const stale = await browser.post('/user/set-password', {
        email: normalized,
        password: 'Correct horse 42',
        token: scanner.json.data.token,
      });
      assert.equal(stale.status, 400);
      assert.equal(stale.json.code, 'token.invalid');

      const common = await browser.post('/user/set-password', { email: normalized, password: 'password123', token: setToken });
      assert.equal(common.status, 400);
      assert.equal(common.json.code, 'validation.password_common');
      assert.equal(common.json.fields.password, 'validation.password_common');

      const short = await browser.post('/user/set-password', { email: normalized, password: 'Ab1!', token: setToken });
      assert.equal(short.status, 400);
      assert.equal(
        short.json.error,
        'Your password must not be empty and should be at least 8 characters long, including lowercase, uppercase, numbers, or special characters',
      );

      const withEmail = await browser.post('/user/set-password', { email: normalized, password: 'ada.lovelace-1815', token: setToken });
      assert.equal(withEmail.json.code, 'validation.password_contains_email');

      // The marketing consent ticked at sign-up is the owner's once the link proved the address.
      const set = await browser.post('/user/set-password', {
        email: normalized,
        password: 'Correct horse 42',
        token: setToken,
        consent: true,
      });
      assert.equal(set.status, 200, set.text);
      assert.equal(set.json.data.emailVerified, true);
      assert.equal(browser.cookies.size, 1);

      // Opened again once the account is set up: the link says so, and sign-in is the next step.
      const again = await t.client().post('/user/verify-email', { token, email: normalized });
      assert.equal(again.status, 400);
      assert.equal(again.json.code, 'email.link_used');

      const session = await browser.get('/session');
      assert.equal(session.json.data.account.email, normalized);
      assert.equal(session.json.data.account.consent, true);

      const profile = await browser.put('/profile', { firstName: 'Ada', familyName: 'Lovelace', consent: false, analyticsConsent: true });
      assert.equal(profile.status, 200);
      assert.equal(profile.json.data.firstName, 'Ada');
      assert.equal(profile.json.data.consent, false);
      assert.equal(profile.json.data.analyticsConsent, true);

      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'business', count: 1, kind: 'standalone' });
      const preview = await t.client().get(`/license/${key}`);
      assert.deepEqual(preview.json.data, {
        plan: 'business',
        kind: 'standalone',
        status: 'available',
        limits: { servers: 50, websites: 250 },
        expiresAt: null,
      });
      const activated = await browser.post('/license/activate', { license: key.toLowerCase() });
      assert.equal(activated.status, 200, activated.text);
      assert.equal(activated.json.data.status, 'active');
      assert.equal(activated.json.data.keySuffix, key.slice(-4));
      const twice = await browser.post('/license/activate', { license: key });
      assert.equal(twice.status, 200);
      assert.equal((await browser.get('/license')).json.data.plan, 'business');

      const cookie = [...browser.cookies][0] ?? ['', ''];
      assert.equal((await browser.post('/signout')).status, 200);
      assert.equal((await browser.get('/session')).json.data, null);
      const replay = await t.client({ cookie: `${cookie[0]}=${cookie[1]}` }).get('/session');
      assert.equal(replay.json.data, null, 'a signed-out session id must not work again');

      const wrong = await browser.postForm('/signin', { email: normalized, password: 'Correct horse 43' });
      assert.equal(wrong.status, 401);
      assert.deepEqual(wrong.json, { error: 'Invalid email and password', code: 'auth.invalid_credentials' });
      const signin = await browser.postForm('/signin', { email: 'ada.lovelace@EXAMPLE.com', password: 'Correct horse 42' });
      assert.equal(signin.status, 200, signin.text);

      const otherDevice = t.client();
      assert.equal((await otherDevice.postMultipart('/signin', { email: normalized, password: 'Correct horse 42' })).status, 200);

      assert.equal((await t.client().post('/user/init-password-reset', { email: normalized, locale: 'en' })).status, 200);
      const resetMail = await t.smtp.waitFor(normalized, (mail) => mail.subject.startsWith('Reset'));
      const resetToken = linkIn(resetMail, `${t.url}/reset?`).searchParams.get('token') ?? '';
      const reset = await t.client().post('/user/password-reset', { password: 'A brand new secret 7', token: resetToken });
      assert.equal(reset.status, 200, reset.text);
      await t.smtp.waitFor(normalized, (mail) => /changed|geändert/.test(mail.subject));

      assert.equal((await browser.get('/session')).json.data, null, 'a reset ends every session');
      assert.equal((await otherDevice.get('/session')).json.data, null, 'a reset ends every session');
      const reused = await t.client().post('/user/password-reset', { password: 'Another new secret 8', token: resetToken });
      assert.equal(reused.status, 400);
      assert.equal(reused.json.error, 'Password reset error');
      assert.equal((await t.client().postForm('/signin', { email: normalized, password: 'Correct horse 42' })).status, 401);
      assert.equal((await t.client().postForm('/signin', { email: normalized, password: 'A brand new secret 7' })).status, 200);
    });
  });
}
