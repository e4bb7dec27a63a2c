import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import { createPanel } from '../src/features/panels/panel.service.ts';
import { dumpDatabase, eventually, seedAccount, visitor } from './support/accounts.ts';
import { codeIn, panelBrowser, registerFromPanel, registerPanel } from './support/panels.ts';
import { linkIn } from './support/smtp.ts';
import { startLoggingTestApp, type TestApp } from './support/test-app.ts';

// docs/security-targets.md: logs never contain passwords, tokens or session ids. The app runs at LOG_LEVEL=info
// with its log captured, every flow that handles a secret goes through it, and then no secret
// may appear anywhere in what was logged.
describe('logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  before(async () => {
    t = await startLoggingTestApp(lines);
  });
  after(() => t.stop());

  it('hold no password, token, session id or query-string secret', async () => {
    const email = 'quiet@example.com';
    const password = 'Alpha tango secret 1';
    const wrongPassword = 'Bravo tango secret 2';
    const newPassword = 'Charlie tango secret 3';
    const queryWord = `querysecret${randomBytes(8).toString('hex')}`;
    const secrets: Record<string, string> = { password, wrongPassword, newPassword, queryWord };
    const browser = visitor(t);
    const cookie = () => [...browser.cookies.values()][0] ?? '';

    assert.equal((await browser.post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
    const link = linkIn(await t.smtp.waitFor(email), `${t.url}/activate-email?`);
    secrets.verificationToken = link.searchParams.get('token') ?? '';
    // The browser opens the mailed link (a page) before the app calls the API with it.
    await browser.get(`${link.pathname}${link.search}`, { accept: 'text/html' });
    await browser.get(`/activate-email/?token=${queryWord}`);
    const verified = await browser.post('/user/verify-email', { token: secrets.verificationToken, email });
    assert.equal(verified.status, 200, verified.text);
    secrets.setPasswordToken = verified.json.data.token;
    const set = await browser.post('/user/set-password', { email, password: password, token: secrets.setPasswordToken });
    assert.equal(set.status, 200, set.text);
    secrets.firstSession = cookie();
    assert.equal((await browser.get('/session')).json.data.account.email, email);

    assert.equal((await browser.postForm('/signin', { email, password: wrongPassword })).status, 401);
    assert.equal((await browser.postMultipart('/signin', { email, password: password })).status, 200);
    secrets.secondSession = cookie();
    assert.notEqual(secrets.secondSession, secrets.firstSession);
    // A malformed body that carries a secret-looking value.
    await browser.request('POST', '/user/password-reset', {
      body: `{"token":"${queryWord}","password":`,
      headers: { 'content-type': 'application/json' },
    });

    // The reset mail first fails (the failure is logged), then goes out.
    t.smtp.refusing = true;
    try {
      assert.equal((await visitor(t).post('/user/init-password-reset', { email })).status, 200);
      await eventually(async () => (lines.some((line) => line.includes('mail delivery failed')) ? true : undefined), 'a logged failure');
    } finally {
      t.smtp.refusing = false;
    }
    t.clock.advance(10_000);
    await t.outbox.flush();
    const reset = linkIn(await t.smtp.waitFor(email, (mail) => mail.text.includes('/reset?')), `${t.url}/reset?`);
    secrets.resetToken = reset.searchParams.get('token') ?? '';
    await visitor(t).get(`/reset/?token=${secrets.resetToken}`);
    const done = await visitor(t).post('/user/password-reset', { token: secrets.resetToken, password: newPassword });
    assert.equal(done.status, 200, done.text);
    assert.equal((await browser.get('/session')).json.data, null);
    assert.equal((await visitor(t).postForm('/signin', { email, password: newPassword })).status, 200);

    // The capture works: requests are logged, with their paths but without their query strings.
    const log = lines.join('');
    const entries = lines.map((line) => JSON.parse(line));
    const urls = entries.map((entry) => entry.req?.url).filter(Boolean);
    for (const path of ['/user/signup', '/user/set-password', '/signin', '/activate-email', '/activate-email/', '/reset/']) {
      assert.ok(urls.includes(path), `${path} logged (have ${[...new Set(urls)].join(' ')})`);
    }
    assert.ok(entries.some((entry) => entry.level === 40 && entry.msg === 'mail delivery failed; will retry'));

    for (const [name, secret] of Object.entries(secrets)) {
      assert.ok(secret.length >= 16, `${name} was captured`);
      assert.ok(!log.includes(secret), `the ${name} appears in the log`);
    }
  });

  it('name a refused sign-in by a reason code and the account id, never by the address', async () => {
    const email = `refused-${randomBytes(4).toString('hex')}@example.com`;
    const stranger = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const account = await seedAccount(t, email, { passwordHash: await t.deps.hasher.hash('Delta tango secret 4') });
    assert.equal((await visitor(t).postForm('/signin', { email, password: 'Echo tango secret 5' })).status, 401);
    assert.equal((await visitor(t).postForm('/signin', { email: stranger, password: 'Echo tango secret 5' })).status, 401);
    const refused = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'sign-in refused');
    assert.ok(refused.some((entry) => entry.reason === 'wrong_password' && entry.accountId === account.id));
    assert.ok(refused.some((entry) => entry.reason === 'unknown_address' && entry.accountId === null));
    const log = lines.join('');
    assert.ok(!log.includes(email) && !log.includes(stranger), 'no address is logged');
  });

  it('hold no apiKey, code or password of the control-panel calls; no URL, mail or stored row holds the apiKey', async () => {
    const panel = await registerPanel(t);
    const email = 'quiet-panel@example.com';
    const password = 'Delta tango secret 4';
    const newPassword = 'Echo tango secret 5';
    const browser = panelBrowser(t, panel.origin);
    const from = lines.length;

    await registerFromPanel(t, browser, { email, password, apiKey: panel.apiKey, userId: 'quiet-user' });
    const signupCode = codeIn(await t.smtp.waitFor(email, (mail) => mail.subject.includes('verification code')));
    const signin = await browser.post('/user/signin', { email, password, apiKey: panel.apiKey, userId: 'quiet-user' });
    assert.equal(signin.status, 200, signin.text);
    const session = [...browser.cookies.values()][0] ?? '';
    assert.equal((await browser.put('/user/profile', { firstName: 'Quiet' }, { 'x-api-key': panel.apiKey })).status, 200);
    assert.equal((await browser.put('/user/profile', { firstName: 'Quiet' }, { 'x-api-key': `${panel.apiKey}x` })).status, 401);
    // A client that wrongly puts the key in a URL: the logged path drops the query string.
    await browser.get(`/session?apiKey=${encodeURIComponent(panel.apiKey)}`);
    assert.equal((await browser.post('/user/init-password-reset', { email, otp: true, apiKey: panel.apiKey })).status, 200);
    const resetCode = codeIn(await t.smtp.waitFor(email, (mail) => /password reset code/.test(mail.subject)));
    const reset = await browser.post('/user/password-reset-otp', { email, code: resetCode, password: newPassword });
    assert.equal(reset.status, 200, reset.text);

    const log = lines.slice(from).join('');
    assert.ok(log.includes('/user/password-reset-otp') && log.includes('/user/profile'), 'the calls were logged');
    const secrets = { apiKey: panel.apiKey, password, newPassword, session, signupCode: `"${signupCode}"`, resetCode: `"${resetCode}"` };
    for (const [name, secret] of Object.entries(secrets)) assert.ok(!log.includes(secret), `the ${name} appears in the log`);
    for (const mail of t.smtp.mailsTo(email)) assert.ok(!`${mail.text}${mail.html}`.includes(panel.apiKey), 'a mail holds the apiKey');
    assert.ok(!(await dumpDatabase(t.deps.db)).includes(panel.apiKey), 'the apiKey is stored only hashed');
  });

  it('hold no one-time code and no panel apiKey', async () => {
    const { apiKey } = await createPanel(t.deps.db, t.deps.clock, {
      name: 'Log Host',
      platform: 'plesk',
      origins: ['https://panel.example.com'],
    });
    const email = 'quiet-panel-code@example.com';
    const browser = visitor(t);
    const signup = await browser.post('/user/signup', { email, otp: true, apiKey, userId: 'logged-user', dataProcessingConsent: true });
    assert.equal(signup.status, 200, signup.text);
    const code = /\b(\d{6})\b/.exec((await t.smtp.waitFor(email)).text)?.[1] ?? '';
    assert.match(code, /^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    assert.equal((await browser.post('/user/verify-otp-email', { code: wrong, email })).status, 400);
    assert.equal((await browser.post('/user/verify-otp-email', { code, email })).status, 200);
    // The apiKey in a header and in a body the server cannot read.
    await browser.get('/session', { 'x-api-key': apiKey, authorization: `Bearer ${apiKey}` });
    await browser.request('POST', '/user/signup', {
      body: `{"apiKey":"${apiKey}","code":"${code}",`,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal((await browser.post('/user/complete-otp-registration', { email, password: 'Panel log secret 42', code })).status, 200);

    const log = lines.join('');
    assert.ok(lines.length > 10 && log.includes('/user/verify-otp-email'), 'the calls were logged');
    assert.ok(!log.includes(apiKey), 'the apiKey appears in the log');
    assert.doesNotMatch(log, new RegExp(`(?<![0-9a-f])(${code}|${wrong})(?![0-9a-f])`), 'a code appears in the log');
  });

  it('hold no license key: the preview and the redeem page are logged by their pattern', async () => {
    const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'pro', count: 1, kind: 'standalone' });
    const typed = key.toLowerCase().replaceAll('-', '');
    const from = lines.length;
    const browser = visitor(t);
    assert.equal((await browser.get(`/license/${key}`)).status, 200, 'the preview');
    assert.equal((await browser.get(`/license/${typed}`)).status, 200, 'the preview of a key typed loosely');
    await browser.get(`/redeem/${key}`, { accept: 'text/html' });
    await browser.get(`/de/redeem/${encodeURIComponent(key)}`, { accept: 'text/html' });
    await browser.get(`/somewhere/${key}/else`);
    const logged = lines.slice(from).join('');
    const urls = lines
      .slice(from)
      .map((line) => JSON.parse(line).req?.url)
      .filter(Boolean);
    assert.ok(
      urls.includes('/license/:license') && urls.includes('/redeem/:license') && urls.includes('/de/redeem/:license'),
      urls.join(' '),
    );
    for (const form of [key, typed, key.slice(3), key.slice(3, 17)])
      assert.ok(!logged.includes(form), `the key appears in the log as ${form}`);
  });
});
