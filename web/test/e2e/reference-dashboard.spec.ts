import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { capture, createLicense, linkIn, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { appUrl, dashboardUrl, handOffDashboardUrl, handOffUrl } from '../support/ports.ts';
import { inviteApi, signInApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

// The reference dashboard (scripts/reference-dashboard), started by the e2e server and registered
// as an operator would: a real openid-client app on its own origin, signing in with Gatehouse.
const password = 'Correct horse battery';

async function signInAtGatehouse(page: Page, email: string, at = /\/login\?redirectTo=%2Foidc%2Finteraction%2F/) {
  await expect(page).toHaveURL(at);
  await expect(page.getByRole('status').filter({ hasText: 'Sign in to continue to Monitoring dashboard' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The sign-up's password and profile steps. */
async function passwordAndProfile(page: Page, firstName: string, lastName: string) {
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

test('the dashboard signs a person in with Gatehouse, shows their plan, refreshes, and asks again after a Gatehouse sign-out', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('dashboard', testInfo);
  await registerAccount(page, email, password);

  await page.goto(dashboardUrl);
  await capture(page, testInfo, 'dashboard-signed-out');
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await signInAtGatehouse(page, email);

  await expect(page).toHaveURL(`${dashboardUrl}/`);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.locator('#email')).toHaveText(email);
  await expect(page.locator('#team-role')).toHaveText('owner');
  // The team by the name the ID token carries (its owner's, for a team without one), not its id.
  await expect(page.locator('#team')).not.toHaveText(/^(—|[0-9a-f-]{36})$/);
  await expect(page.locator('#plan')).toHaveText('—');
  await capture(page, testInfo, 'dashboard-signed-in');

  // A license activated at Gatehouse since shows at the next refresh (a refresh-token grant).
  const key = await createLicense('pro');
  expect((await page.request.post(`${appUrl}/license/activate`, { data: { license: key } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('status')).toContainText('Refreshed');
  await expect(page.locator('#plan')).toHaveText('pro');
  await expect(page.locator('#license')).toHaveText('active (own)');
  await expect(page.getByRole('cell', { name: 'servers' })).toBeVisible();
  await capture(page, testInfo, 'dashboard-refreshed');

  // The dashboard's sign-out is RP-initiated (decision 038): Gatehouse's session ends with it, so
  // the next sign-in shows the login screen again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${dashboardUrl}/`);
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await signInAtGatehouse(page, email);
  await expect(page.locator('#email')).toHaveText(email);

  // Signed out of Gatehouse: the back-channel logout (the outbox, delivered a poll later) ends the
  // dashboard's own session, and a new sign-in shows the login screen.
  await page.goto(appUrl);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(async () => {
    await page.goto(dashboardUrl);
    await expect(page.getByRole('status')).toContainText('You were signed out from Gatehouse', { timeout: 1000 });
  }).toPass();
  await capture(page, testInfo, 'dashboard-session-ended');
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await signInAtGatehouse(page, email);
  await expect(page.locator('#email')).toHaveText(email);
});

test('the account page lists the dashboard, and signing out of it there signs the dashboard out', async ({ page }, testInfo) => {
  const email = uniqueEmail('dashboard-apps', testInfo);
  await registerAccount(page, email, password);
  expect((await page.request.post(`${appUrl}/signin`, { form: { email, password } })).status()).toBe(200);
  await page.goto(`${appUrl}/settings/apps`);
  await expect(page.getByText('No app has signed in with your account yet.')).toBeVisible();

  await page.goto(dashboardUrl);
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await expect(page.locator('#email')).toHaveText(email);

  await page.goto(`${appUrl}/settings/apps`);
  await page.getByRole('button', { name: 'Sign out of Monitoring dashboard' }).click();
  await expect(page.getByText('You have been signed out of Monitoring dashboard.')).toBeVisible();
  await expect(page.getByText('No app has signed in with your account yet.')).toBeVisible();
  await expect(async () => {
    await page.goto(dashboardUrl);
    await expect(page.getByRole('status')).toContainText('You were signed out from Gatehouse', { timeout: 1000 });
  }).toPass();
  // Gatehouse itself stays signed in: the dashboard's next sign-in needs no screen.
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await expect(page.locator('#email')).toHaveText(email);
});

test('the dashboard’s initiate-login URI starts a sign-in for its own issuer, and refuses another', async ({ page }, testInfo) => {
  await page.goto(`${dashboardUrl}/login?iss=${encodeURIComponent(appUrl)}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Foidc%2Finteraction%2F/);
  await page.goto(`${dashboardUrl}/login?iss=${encodeURIComponent('https://elsewhere.example')}`);
  await expect(page.getByRole('alert')).toContainText('This dashboard signs in with');
  await capture(page, testInfo, 'dashboard-foreign-issuer');
});

test('a whole sign-up started from the dashboard’s login screen, its mail opened in a new tab, ends at the dashboard signed in', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('dashboard-signup', testInfo);
  await page.goto(dashboardUrl);
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await expect(page.getByRole('status')).toContainText('Sign in to continue to Monitoring dashboard');
  await page.getByRole('link', { name: 'Create one for free' }).click();
  await expect(page).toHaveURL(/\/signup\?redirectTo=%2Foidc%2Finteraction%2F/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The mailed link opens in another tab, where the first tab's session storage is out of reach.
  const tab = await context.newPage();
  await tab.goto(linkIn(await waitForMail(email, /Confirm your email/), '/activate-email'));
  await passwordAndProfile(tab, 'Grace', 'Hopper');
  await tab.getByText('With a license key').click();
  await tab.getByRole('textbox', { name: 'License key' }).fill(await createLicense('business'));
  await tab.getByRole('button', { name: 'Activate license' }).click();
  await expect(tab.getByText('Your Business license is active.')).toBeVisible();
  await tab.getByRole('button', { name: 'Finish' }).click();

  await expect(tab).toHaveURL(`${dashboardUrl}/`);
  await expect(tab.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible();
  await expect(tab.locator('#email')).toHaveText(email);
  await expect(tab.locator('#plan')).toHaveText('business');
  await capture(tab, testInfo, 'dashboard-after-signup');
});

/** A team owner, in a browser of their own, invites an address; returns the mailed link's path. */
async function invitedBy(browser: Browser, testInfo: TestInfo, invited: string): Promise<string> {
  const context = await browser.newContext();
  const owner = await context.newPage();
  const email = uniqueEmail('dashboard-owner', testInfo);
  await registerAccount(owner, email, password);
  await signInApi(owner.request, email, password);
  expect((await owner.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  const link = await inviteApi(owner.request, invited);
  await context.close();
  return link;
}

interface Fixtures {
  page: Page;
  browser: Browser;
  context: BrowserContext;
}

/**
 * The dashboard's sign-in left pending on Gatehouse's login screen, then the team invitation of
 * the address mailed and opened in another tab; `as` says whether the address has an account and
 * whether it is signed in since.
 */
async function invitationWhileSigningIn(
  { page, browser, context }: Fixtures,
  testInfo: TestInfo,
  email: string,
  as: 'new' | 'account' | 'signed-in',
) {
  if (as !== 'new') await registerAccount(page, email, password);
  const link = await invitedBy(browser, testInfo, email);
  await page.goto(dashboardUrl);
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await expect(page.getByRole('status')).toContainText('Sign in to continue to Monitoring dashboard');
  if (as === 'signed-in') await signInApi(page.request, email, password);
  const tab = await context.newPage();
  await tab.goto(link);
  return tab;
}

/** Back at the dashboard, signed in, as a member of the inviting team under its license. */
async function atDashboardInTeam(page: Page, email: string) {
  await expect(page).toHaveURL(`${dashboardUrl}/`);
  await expect(page.locator('#email')).toHaveText(email);
  await expect(page.locator('#team-role')).toHaveText('member');
  await expect(page.locator('#plan')).toHaveText('business');
}

test('signed in already, a team invitation opened while the dashboard’s sign-in is pending joins and continues to the dashboard', async ({
  page,
  browser,
  context,
}, testInfo) => {
  const email = uniqueEmail('dashboard-join', testInfo);
  const tab = await invitationWhileSigningIn({ page, browser, context }, testInfo, email, 'signed-in');
  await expect(tab.getByRole('status').filter({ hasText: 'Sign in to continue to Monitoring dashboard' })).toBeVisible();
  await capture(tab, testInfo, 'dashboard-invitation-join');
  await tab.getByRole('button', { name: 'Join the team' }).click();

  await atDashboardInTeam(tab, email);
});

test('a sign-up from a team invitation opened while the dashboard’s sign-in is pending ends at the dashboard, in the team', async ({
  page,
  browser,
  context,
}, testInfo) => {
  const email = uniqueEmail('dashboard-invited', testInfo);
  const tab = await invitationWhileSigningIn({ page, browser, context }, testInfo, email, 'new');
  await expect(tab.getByLabel('Email')).toHaveValue(email);
  await tab.getByLabel(/I agree to the processing/).check();
  await tab.getByRole('button', { name: 'Create account' }).click();
  // No license step: saving the profile is the last press.
  await passwordAndProfile(tab, 'Ada', 'Lovelace');

  await atDashboardInTeam(tab, email);
  await expect(tab.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
});

test('signing in from a team invitation opened while the dashboard’s sign-in is pending joins and continues to the dashboard', async ({
  page,
  browser,
  context,
}, testInfo) => {
  const email = uniqueEmail('dashboard-sign-in-join', testInfo);
  const tab = await invitationWhileSigningIn({ page, browser, context }, testInfo, email, 'account');
  // The invitation's link has no redirectTo: the sign-up screen, or the login screen it hands on
  // to, finds the pending sign-in itself.
  await signInAtGatehouse(tab, email, /\/login\?invitation=/);

  await atDashboardInTeam(tab, email);
});

test('a stored app sign-in that is not one, or no longer live, is ignored: Join ends on the account page', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail('dashboard-stale', testInfo);
  await registerAccount(page, email, password);
  const link = await invitedBy(browser, testInfo, email);
  await signInApi(page.request, email, password);
  const until = Date.now() + 60_000;
  for (const target of ['https://elsewhere.example/oidc/interaction/x', '//elsewhere.example', '/oidc/interaction/no-such-sign-in']) {
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('gatehouse-appSignIn', value), JSON.stringify({ target, until }));
    await page.goto(link);
    await expect(page.locator('.invitation-join')).toBeVisible();
    await expect(page.getByText('Sign in to continue to')).toHaveCount(0);
    if (target.startsWith('/oidc')) await page.getByRole('button', { name: 'Join the team' }).click();
  }
  await expect(page).toHaveURL(`${appUrl}/`);
  await expect(page.locator('.team').first()).toContainText('Member');
});

// A deployment whose brand's dashboard is this reference dashboard, registered with its
// initiate-login URI (decision 049: a dashboard on plain http is allowed on loopback).
const handOffLogin = `${handOffDashboardUrl}/login?iss=${encodeURIComponent(handOffUrl)}`;

/** At the hand-off's dashboard, signed in: the person, their own team and the plan. */
async function atHandOffDashboard(page: Page, email: string, name: string) {
  await expect(page).toHaveURL(`${handOffDashboardUrl}/`);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  await expect(page.locator('#email')).toHaveText(email);
  await expect(page.locator('#team-role')).toHaveText('owner');
  await expect(page.locator('#plan')).toHaveText('pro');
  await expect(page.locator('#license')).toHaveText('active (own)');
}

test('“Finish” of a sign-up and “Back to dashboard” go through the dashboard’s initiate-login URI and arrive signed in', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail('hand-off', testInfo);
  await page.goto(`${handOffUrl}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(`${handOffUrl}${linkIn(await waitForMail(email, /Confirm your email/), '/activate-email')}`);
  await passwordAndProfile(page, 'Ada', 'Lovelace');
  await page.getByText('With a license key').click();
  await page.getByRole('textbox', { name: 'License key' }).fill(await createLicense('pro', { handOff: true }));
  await page.getByRole('button', { name: 'Activate license' }).click();
  await expect(page.getByText('Your Pro license is active.')).toBeVisible();
  const toDashboard = page.waitForRequest((request) => request.url() === handOffLogin);
  await page.getByRole('button', { name: 'Finish' }).click();
  await toDashboard;
  await atHandOffDashboard(page, email, 'Ada Lovelace');
  await capture(page, testInfo, 'dashboard-after-finish');

  // Another browser: signed in at Gatehouse, the account page's "Back to dashboard" does the same.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(`${handOffUrl}/login`);
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  const back = other.getByRole('link', { name: 'Back to dashboard' }).first();
  await expect(back).toHaveAttribute('href', handOffLogin);
  await back.click();
  await atHandOffDashboard(other, email, 'Ada Lovelace');
  await context.close();
});
