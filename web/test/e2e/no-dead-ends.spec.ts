import { panelBasePath } from '@gatehouse/contract';
import type { Page } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { createLicense, linkIn, referencePanel, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { inviteApi, signInApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

// Every journey keeps what was chosen and says what to do next, also when a mailed link opens
// in another tab (what every mail client and phone does).

test('the consents ticked at sign-up survive the link opened in another tab and are recorded as given', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('choices', testInfo);
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByLabel(/product news/).check();
  await page.getByLabel(/usage statistics/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // A new tab has its own session storage: only the server knows the choices there.
  const mail = await waitForMail(email, /Confirm your email/);
  const other = await context.newPage();
  await other.goto(linkIn(mail, '/activate-email'));
  await expect(other.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await expect(other.getByLabel(/product news/)).toBeChecked();
  await expect(other.getByLabel(/usage statistics/)).toBeChecked();
  const password = 'Lighthouse keeper 1912';
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByLabel('Repeat password').fill(password);
  await other.getByRole('button', { name: 'Set password' }).click();

  await expect(other.getByText('Step 3 of 4')).toBeVisible();
  await expect(other.getByLabel(/product news/)).toBeChecked();
  await expect(other.getByLabel(/usage statistics/)).toBeChecked();
  const consents = await (await other.request.get('/account/consents')).json();
  expect(consents.data.marketingAt).not.toBeNull();
  expect(consents.data.analyticsAt).not.toBeNull();
  expect(consents.data.ledger.filter((entry: { granted: boolean }) => !entry.granted)).toEqual([]);
});

test('a verification link opened again for an account that is set up says so and leads to sign-in', async ({ page }, testInfo) => {
  const email = uniqueEmail('link-used', testInfo);
  await registerAccount(page, email, 'Set up already 2026');
  await page.goto(linkIn(await waitForMail(email, /Confirm your email/), '/activate-email'));
  await expect(page.getByRole('alert')).toHaveText('This link was already used: your account is set up. Sign in to continue');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a reset link is checked when the page opens: an incomplete or unknown one offers a new link at once', async ({ page }) => {
  await page.goto('/reset');
  await expect(page.getByRole('alert')).toHaveText('The link is incomplete. Open it again from the email');
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.goto('/reset?token=no-such-token-of-sixteen-characters');
  await expect(page.getByRole('alert')).toContainText('Please request a new password reset mail');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
});

test('a field’s error clears as soon as the field changes; the summary names what is still wrong', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Accept the consent and provide a valid email to continue');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email').fill('ada@example.com');
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Input a valid email')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(page.getByText('Accept the consent to continue')).toHaveCount(1);

  await page.getByLabel(/I agree to the processing/).check();
  await expect(page.getByLabel(/I agree to the processing/)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Accept the consent to continue')).toHaveCount(0);
});

test('after too many attempts sign-in says how long to wait and offers the reset, with the address typed', async ({
  page,
  context,
}, testInfo) => {
  // A visitor of its own, past its address's allowance of password checks (100 in 5 minutes).
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${testInfo.project.name === 'phone' ? 71 : 70}` });
  for (let n = 0; n < 100; n += 1) {
    await page.request.post('/user/set-password', { data: { email: 'x@example.com', password: 'Not used 2026', token: 'x'.repeat(43) } });
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill('waiting@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Some password 2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/You can try again in [1-5] minutes?, or reset your password now\./);
  await page.getByRole('alert').getByRole('link', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByLabel('Email')).toHaveValue('waiting@example.com');
});

/** Starts a sign-up in the page and leaves it on "Check your inbox". */
async function startSignup(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
}

async function choosePassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
}

test('the “check your inbox” tab follows the link opened in another tab: confirmed, then on at the profile once the password is set', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('waiting-tab', testInfo);
  await startSignup(page, email);
  const other = await context.newPage();
  await other.goto(linkIn(await waitForMail(email, /Confirm your email/), '/activate-email'));
  await expect(other.getByRole('heading', { name: 'Choose a password' })).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
  await expect(page.getByText(`${email} was confirmed in another tab. Continue there`)).toBeVisible();
  await choosePassword(other, 'Lighthouse keeper 1912');
  await expect(other.getByText('Step 3 of 4')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tell us a little about yourself' })).toBeVisible();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
});

test('the waiting tab goes on by itself when the tab with the link was closed', async ({ page, context }, testInfo) => {
  const email = uniqueEmail('waiting-alone', testInfo);
  await startSignup(page, email);
  const other = await context.newPage();
  await other.goto(linkIn(await waitForMail(email, /Confirm your email/), '/activate-email'));
  await expect(other.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await other.close();

  await page.getByRole('button', { name: 'Continue here' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await choosePassword(page, 'Lighthouse keeper 1912');
  await expect(page.getByRole('heading', { name: 'Tell us a little about yourself' })).toBeVisible();
});

test('a signed-in person opening the sign-up in a new tab resumes at their step, from the server’s state', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('resume', testInfo);
  await registerAccount(page, email, 'Resumed later 2026');
  await signInApi(page.request, email, 'Resumed later 2026');

  // A new tab: its session storage knows nothing of the sign-up.
  const fresh = await context.newPage();
  await fresh.goto('/signup-process');
  await expect(fresh.getByRole('heading', { name: 'Tell us a little about yourself' })).toBeVisible();
  await expect(fresh.getByText('Step 3 of 4')).toBeVisible();
  await fresh.getByLabel('First name').fill('Ada');
  await fresh.getByRole('button', { name: 'Save and continue' }).click();
  await expect(fresh.getByText('Step 4 of 4')).toBeVisible();

  const another = await context.newPage();
  await another.goto('/signup');
  await expect(another.getByRole('heading', { name: 'You are already signed in' })).toBeVisible();
  await expect(another.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(another.getByText('Continue setting up this account, or switch to create one with another address.')).toBeVisible();
  await expect(another.getByLabel('Email')).toHaveCount(0);
  await another.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(another.getByText('Step 4 of 4')).toBeVisible();
  await expect(another.getByRole('heading', { name: 'Activate your license' })).toBeVisible();
});

test('signed in, the sign-in page says who with Continue and Switch account; both keep where the person was going', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('signed-in', testInfo);
  const password = 'Already inside 2026';
  await registerAccount(page, email, password);
  await signInApi(page.request, email, password);
  const key = await createLicense('pro');
  const login = `/login?redirectTo=${encodeURIComponent(`/redeem/${key}`)}`;

  await page.goto(login);
  await expect(page.getByRole('heading', { name: 'You are already signed in' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/redeem/${key}$`));

  await page.goto(login);
  await page.getByRole('button', { name: 'Switch account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  expect((await (await page.request.get('/session')).json()).data).toBeNull();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/redeem/${key}$`));
});

test('signed in, someone else’s invitation offers Join or Switch account, which shows the invited sign-up', async ({ page }, testInfo) => {
  const owner = uniqueEmail('invite-owner', testInfo);
  const invited = uniqueEmail('invite-new', testInfo);
  const password = 'Owner of a team 2026';
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  const link = await inviteApi(page.request, invited);

  await page.goto(link);
  await expect(page.getByText(`You are signed in as ${owner}, not with the invited address.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join the team' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await page.getByRole('button', { name: 'Switch account' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(invited);
  await expect(page.getByRole('status').filter({ hasText: 'You are joining the team of' })).toContainText(owner);
  await expect(page.getByRole('button', { name: 'Join the team' })).toHaveCount(0);
});

test('the “check your inbox” tab learns from the server when the link is opened and the password set on another device', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail('other-device', testInfo);
  await startSignup(page, email);
  // Another device: its own browser, no storage or channel shared with this one.
  const phone = await browser.newContext();
  try {
    const other = await phone.newPage();
    await other.goto(linkIn(await waitForMail(email, /Confirm your email/), '/activate-email'));
    await expect(other.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
    // The tab asks less and less often (up to every 30 s): deadlines for a hang only.
    await expect(page.getByText(`${email} was confirmed on another device. Choose your password there, then sign in here.`)).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
    await expect(page.getByText('Step 1 of 4'), 'the sign-up goes on elsewhere, not at a step here').toBeHidden();

    await choosePassword(other, 'Lighthouse keeper 1912');
    await expect(other.getByText('Step 3 of 4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your account is set up' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('progressbar')).toBeHidden();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  } finally {
    await phone.close();
  }
});

test('in a hosting panel too, sign-in and sign-up opened while signed in say who, with Continue and Switch account', async ({
  page,
  context,
}, testInfo) => {
  const panel = await referencePanel();
  const app = (screen: string) => `${panel.url}${panelBasePath}${screen}`;
  const email = uniqueEmail('cp-signed-in', testInfo);
  const password = 'Panel password 2026';
  await registerAccount(page, email, password);
  await context.addCookies([{ name: 'refpanel_user', value: `u-again-${testInfo.project.name}-${Date.now()}`, url: panel.url }]);
  await page.goto(app('login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  await page.goto(app('signup'));
  await expect(page.getByRole('heading', { name: 'You are already signed in' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tell us a little about yourself' })).toBeVisible();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();

  await page.goto(app('login'));
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Switch account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});
