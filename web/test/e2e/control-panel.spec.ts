// Control-panel mode across two origins: the panel build served by the reference panel on
// 127.0.0.1, the API on localhost, mail through the real SMTP capture.
import { panelBasePath, panelSigninMarker } from '@gatehouse/contract';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { capture, codeIn, createLicense, referencePanel, stopClock, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { appUrl, dashboardUrl, panelUrl } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

const app = (panel: { url: string }, screen: string) => `${panel.url}${panelBasePath}${screen.replace(/^\//, '')}`;

/** Signs in to the panel itself as a panel user: that is the userId its plugin hands in. */
async function asPanelUser(context: BrowserContext, panel: { url: string }, user: string) {
  await context.addCookies([{ name: 'refpanel_user', value: user, url: panel.url }]);
}

/** Every request the page makes, to check that no apiKey travels in a URL. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

test('signs up in the panel with the mailed code, to the end of the journey', async ({ page, context }, testInfo) => {
  const panel = await referencePanel();
  const email = uniqueEmail('cp-signup', testInfo);
  const user = `u-${testInfo.project.name}-${Date.now()}`;
  await asPanelUser(context, panel, user);
  const platformKey = await createLicense('business', { platform: true });
  const requests = recordRequests(page);

  await page.goto(app(panel, '/signup'));
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // Single sign-on leaves the panel: not offered there.
  await expect(page.getByRole('link', { name: /Google/ })).toHaveCount(0);
  // Seed section 3: assetsLink is the page origin plus the panel's path.
  const base = await page.evaluate(() => JSON.parse(sessionStorage.getItem('gatehouse-signupBase') ?? '{}'));
  expect(base.state.assetsLink).toBe(`${panel.url}${panelBasePath}`);
  await capture(page, testInfo, 'cp-signup');

  await page.getByLabel('Email').fill(email);
  await page.getByRole('checkbox', { name: /processing of my personal data/ }).check();
  const signup = page.waitForRequest((r) => r.url() === `${appUrl}/user/signup` && r.method() === 'POST');
  await page.getByRole('button', { name: 'Create account' }).click();
  expect((await signup).postDataJSON()).toMatchObject({ email, otp: true, apiKey: panel.apiKey, userId: user });

  // The code step: one field the browser can autofill, resend after a visible countdown.
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  const field = page.getByLabel('Verification code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByText(/You can request a new code in \d+ s/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Use a different email' })).toBeVisible();
  await capture(page, testInfo, 'cp-code');

  await page.getByRole('button', { name: 'Confirm email' }).click();
  // The message is said once, under the field; the banner names the field (decision 058).
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted field: Verification code.');
  await expect(page.getByText('Enter the OTP code we have sent you')).toHaveCount(1);
  const code = codeIn(await waitForMail(email, /verification code/));
  const wrong = code === '123456' ? '654321' : '123456';
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted field: Verification code.');
  await expect(page.getByText(/The code is not valid/)).toHaveCount(1);
  await capture(page, testInfo, 'cp-code-wrong');

  // A paste of the code as the mail shows it, spaces and all, is one insertion of the whole text.
  await field.fill('');
  await field.focus();
  await page.keyboard.insertText(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(field).toHaveValue(code);
  await page.getByRole('button', { name: 'Confirm email' }).click();

  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await capture(page, testInfo, 'cp-password');
  await page.getByLabel('Password', { exact: true }).fill('Panel password 2026');
  await page.getByLabel('Repeat password').fill('Panel password 2026');
  expect(await page.evaluate((key) => localStorage.getItem(key), panelSigninMarker)).toBeNull();
  await page.getByRole('button', { name: 'Set password' }).click();

  await expect(page.getByRole('heading', { name: 'Tell us a little about yourself' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), panelSigninMarker)).toBeTruthy();
  await capture(page, testInfo, 'cp-profile');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  const profile = page.waitForRequest((r) => r.url() === `${appUrl}/user/profile` && r.method() === 'PUT');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const profileRequest = await profile;
  expect(await profileRequest.headerValue('x-api-key')).toBe(panel.apiKey);
  expect(profileRequest.postDataJSON()).toMatchObject({ firstName: 'Ada', familyName: 'Lovelace' });

  await expect(page.getByRole('heading', { name: 'Activate your license' })).toBeVisible();
  await capture(page, testInfo, 'cp-activation');
  await page.getByRole('textbox', { name: 'License key' }).fill(platformKey);
  const activate = page.waitForRequest((r) => r.url() === `${appUrl}/license/activate`);
  await page.getByRole('button', { name: 'Activate license' }).click();
  expect(await (await activate).headerValue('x-api-key')).toBe(panel.apiKey);
  await expect(page.getByText('Your Business license is active.')).toBeVisible();
  await capture(page, testInfo, 'cp-activated');
  await page.getByRole('button', { name: 'Finish' }).click();

  // The account page, still on the panel's origin, signed in through the cross-site cookie.
  await expect(page).toHaveURL(`${panel.url}${panelBasePath}`);
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await capture(page, testInfo, 'cp-account');

  for (const request of requests) expect(request.url()).not.toContain(panel.apiKey);
  // Every file of the app came from the panel's path.
  const fromPanel = requests.filter((r) => r.url().startsWith(panel.url)).map((r) => new URL(r.url()).pathname);
  expect(fromPanel.filter((path) => !path.startsWith(panelBasePath))).toEqual([]);
});

test('signs in from the panel with JSON and the panel credentials, and sets the marker', async ({ page, context }, testInfo) => {
  const panel = await referencePanel();
  const email = uniqueEmail('cp-login', testInfo);
  await registerAccount(page, email, 'Signin password 2026');
  const user = `u-login-${testInfo.project.name}-${Date.now()}`;
  await asPanelUser(context, panel, user);

  await page.goto(app(panel, '/login'));
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Microsoft/ })).toHaveCount(0);
  // Nor passkeys (decision 048): no button, and the e-mail field offers none in its autofill.
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username');
  await capture(page, testInfo, 'cp-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email and password');
  expect(await page.evaluate((key) => localStorage.getItem(key), panelSigninMarker)).toBeNull();

  await page.getByLabel('Password', { exact: true }).fill('Signin password 2026');
  const signin = page.waitForRequest((r) => r.url() === `${appUrl}/user/signin` && r.method() === 'POST');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const request = await signin;
  expect(request.headers()['content-type']).toContain('application/json');
  expect(request.postDataJSON()).toEqual({ email, password: 'Signin password 2026', apiKey: panel.apiKey, userId: user });
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), panelSigninMarker)).toBeTruthy();

  // The panel's own page reads the marker the app left on its origin.
  await page.goto(`${panel.url}/`);
  await expect(page.locator('#marker-value')).not.toHaveText('not set');
});

test('resets the password with the mailed code and the e-mail', async ({ page, context }, testInfo) => {
  const panel = await referencePanel();
  const email = uniqueEmail('cp-reset', testInfo);
  await registerAccount(page, email, 'Old panel password 1');
  const user = `u-reset-${testInfo.project.name}-${Date.now()}`;
  await asPanelUser(context, panel, user);
  // A code goes only to an account linked to the panel: this one signed in through it once.
  const linked = await fetch(`${appUrl}/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: panel.url },
    body: JSON.stringify({ email, password: 'Old panel password 1', apiKey: panel.apiKey, userId: user }),
  });
  expect(linked.status).toBe(200);
  await page.clock.install();

  await page.goto(app(panel, '/login'));
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await capture(page, testInfo, 'cp-reset-request');
  await page.getByLabel('Email').fill(email);
  const init = page.waitForRequest((r) => r.url() === `${appUrl}/user/init-password-reset`);
  await page.getByRole('button', { name: 'Send code' }).click();
  expect((await init).postDataJSON()).toMatchObject({ email, otp: true, apiKey: panel.apiKey });

  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${email}`)).toBeVisible();
  await capture(page, testInfo, 'cp-reset');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Enter the OTP code we have sent you').first()).toBeVisible();

  const code = codeIn(await waitForMail(email, /password reset code/));
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill('New panel password 2');
  await page.getByLabel('Repeat password').fill('New panel password 2');
  const reset = page.waitForRequest((r) => r.url() === `${appUrl}/user/password-reset-otp`);
  // The success screen moves on after 5 s of the page's time, which the test moves on itself.
  await stopClock(page);
  await page.getByRole('button', { name: 'Change password' }).click();
  expect((await reset).postDataJSON()).toEqual({ password: 'New panel password 2', code, email });
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), panelSigninMarker)).toBeTruthy();
  await capture(page, testInfo, 'cp-reset-done', undefined, { stopped: true });

  // Five seconds of the page's time; then its clock runs again, for the navigation to finish.
  await page.clock.runFor(5000);
  await page.clock.resume();
  await expect(page).toHaveURL(app(panel, '/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('New panel password 2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

test('hands the credentials to a framed app by postMessage', async ({ page, context }, testInfo) => {
  const panel = await referencePanel();
  const user = `u-frame-${Date.now()}`;
  await asPanelUser(context, panel, user);
  await page.goto(`${panel.url}/embedded`);
  const frame = page.frameLocator('#app');
  await frame.getByLabel('Email').fill(uniqueEmail('cp-frame', testInfo));
  await frame.getByRole('checkbox', { name: /processing of my personal data/ }).check();
  const signup = page.waitForRequest((r) => r.url() === `${appUrl}/user/signup`);
  await frame.getByRole('button', { name: 'Create account' }).click();
  expect((await signup).postDataJSON()).toMatchObject({ otp: true, apiKey: panel.apiKey, userId: user });
  await expect(frame.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
});

test('answers CORS preflights for the registered panel origin only', async ({ page, request }) => {
  const panel = await referencePanel();
  const preflight = (origin: string, method: string, headers: string) =>
    request.fetch(`${appUrl}/user/profile`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  const allowed = await preflight(panel.url, 'PUT', 'content-type,x-api-key');
  expect(allowed.status()).toBeLessThan(300);
  expect(allowed.headers()['access-control-allow-origin']).toBe(panel.url);
  expect(allowed.headers()['access-control-allow-credentials']).toBe('true');
  expect(allowed.headers()['access-control-allow-headers']?.toLowerCase()).toContain('x-api-key');
  expect(allowed.headers().vary?.toLowerCase()).toContain('origin');

  const foreign = await preflight(panel.foreignUrl, 'PUT', 'content-type,x-api-key');
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
  expect(foreign.headers()['access-control-allow-credentials']).toBeUndefined();

  // In the browser: the same build on an unregistered origin cannot reach the API.
  await page.goto(app({ url: panel.foreignUrl }, '/login'));
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Any password 123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The service could not be reached. Check your connection and try again');
});

test('ignores credentials posted by a frame parent that is not the panel', async ({ page }, testInfo) => {
  const panel = await referencePanel();
  // A page on another origin frames the panel's app and keeps posting it a stolen apiKey.
  await page.goto(`${panel.foreignUrl}/`);
  await page.evaluate(
    ([src, apiKey]) => {
      const frame = Object.assign(document.createElement('iframe'), { id: 'app', title: 'App', src });
      frame.style.cssText = 'width:100%;height:90vh';
      document.body.replaceChildren(frame);
      const post = () => frame.contentWindow?.postMessage({ type: 'gatehouse:panel-credentials', apiKey, userId: 'victim' }, '*');
      addEventListener('message', post);
      setInterval(post, 200);
    },
    [app(panel, '/signup'), panel.apiKey],
  );
  const frame = page.frameLocator('#app');
  await frame.getByLabel('Email').fill(uniqueEmail('cp-foreign-frame', testInfo));
  await frame.getByRole('checkbox', { name: /processing of my personal data/ }).check();
  const signup = page.waitForRequest((r) => r.url() === `${appUrl}/user/signup`);
  await frame.getByRole('button', { name: 'Create account' }).click();
  expect((await signup).postDataJSON()).toMatchObject({ otp: true, apiKey: '', userId: '' });
  await expect(frame.getByRole('alert')).toHaveText('The panel installation is not registered or has been revoked');
});

/** The reference dashboard's sign-in, left pending on Gatehouse's login screen: its redirectTo. */
async function pendingDashboardSignIn(page: Page): Promise<string> {
  await page.goto(dashboardUrl);
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Foidc%2Finteraction%2F/);
  return new URL(page.url()).searchParams.get('redirectTo') ?? '';
}

test('a sign-in in the panel, opened with an app’s pending sign-in, continues to the app signed in (hand-over)', async ({
  page,
  context,
}, testInfo) => {
  const panel = await referencePanel();
  const email = uniqueEmail('cp-hand-over', testInfo);
  await registerAccount(page, email, 'Hand-over password 2026');
  await context.clearCookies();
  await asPanelUser(context, panel, `u-hand-over-${testInfo.project.name}-${Date.now()}`);
  const requests = recordRequests(page);
  // The one-time value, read as the page gets it, to look for it in every URL afterwards.
  const handOvers: string[] = [];
  await page.route('**/hand-over', async (route) => {
    const response = await route.fetch();
    handOvers.push((await response.json()).data?.token ?? '');
    await route.fulfill({ response });
  });

  await page.goto(app(panel, `/login?redirectTo=${encodeURIComponent(await pendingDashboardSignIn(page))}`));
  await expect(page.getByRole('status').filter({ hasText: 'Sign in to continue to Monitoring dashboard' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Hand-over password 2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(`${dashboardUrl}/`);
  await expect(page.locator('#email')).toHaveText(email);
  await expect(page.locator('#team-role')).toHaveText('owner');
  expect(handOvers).toHaveLength(1);
  const continued = requests.find((r) => r.url().includes('/continue'));
  expect(continued?.method()).toBe('POST');
  for (const request of requests) expect(request.url()).not.toContain(handOvers[0]);

  // The dashboard's sign-out ends the top-level session it was handed; the panel's stays, and its
  // screen, opened again with a new pending sign-in, offers to continue to the app by name.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${dashboardUrl}/`);
  await page.goto(app(panel, `/login?redirectTo=${encodeURIComponent(await pendingDashboardSignIn(page))}`));
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const onward = page.getByRole('button', { name: 'Continue to Monitoring dashboard' });
  await expect(onward).toBeVisible();
  await capture(page, testInfo, 'cp-continue-to-app');
  await onward.click();
  await expect(page).toHaveURL(`${dashboardUrl}/`);
  await expect(page.locator('#email')).toHaveText(email);
});

test('a hand-over that was already used lands on Gatehouse’s login screen, saying so, with the app’s sign-in still pending', async ({
  page,
}, testInfo) => {
  const back = await pendingDashboardSignIn(page);
  const uid = back.split('/').at(-1) ?? '';
  await page.goto(`${panelUrl}/`);
  // A form as the panel page posts it, with a value that is not (or no longer) a hand-over.
  await page.evaluate(
    ([action]) => {
      const form = Object.assign(document.createElement('form'), { method: 'post', action });
      form.append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'token', value: 'x'.repeat(43) }));
      document.body.append(form);
      form.submit();
    },
    [`${appUrl}/app-sign-in/${uid}/continue`],
  );
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Foidc%2Finteraction%2F.*error=oidc\.hand_over_invalid/);
  await expect(page.getByRole('alert')).toContainText('The sign-in from your hosting panel has expired or was already used');
  await expect(page.getByRole('status').filter({ hasText: 'Sign in to continue to Monitoring dashboard' })).toBeVisible();
  await capture(page, testInfo, 'cp-hand-over-invalid');
});
