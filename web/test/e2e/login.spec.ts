import { registerAccount } from '../support/accounts.ts';
import { capture, linkIn, stopClock, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

test('signs in, refuses a wrong password, signs out', async ({ page }, testInfo) => {
  const email = uniqueEmail('login', testInfo);
  await registerAccount(page, email, 'Correct horse battery');

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Sign in | Gatehouse');
  await capture(page, testInfo, 'login');

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByText('Input a valid email').first()).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Fill in the password field').first()).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Wrong horse battery');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email and password');
  await capture(page, testInfo, 'login-failed');

  await page.getByLabel('Password', { exact: true }).fill('Correct horse battery');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByText('No license is active on this account yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('resets the password through the mailed link, then moves to sign-in after 5 seconds', async ({ page }, testInfo) => {
  const email = uniqueEmail('reset', testInfo);
  await registerAccount(page, email, 'Old password here');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page).toHaveTitle('Reset password | Gatehouse');
  await capture(page, testInfo, 'reset-request');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await capture(page, testInfo, 'reset-request-sent');

  const mail = await waitForMail(email, /Reset your/);
  await page.clock.install();
  await page.goto(linkIn(mail, '/reset'));
  await capture(page, testInfo, 'reset');
  await page.getByLabel('Password', { exact: true }).fill('New password here');
  await page.getByLabel('Repeat password').fill('New password there');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match').first()).toBeVisible();
  await expect(page.getByLabel('Repeat password')).toBeFocused();
  await page.getByLabel('Repeat password').fill('New password here');
  // From here the page's time moves only when the test moves it: the 5 seconds are counted
  // exactly, however slow the machine (or the screenshot) is.
  await stopClock(page);
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await capture(page, testInfo, 'reset-done', undefined, { stopped: true });
  await page.clock.runFor(4900);
  expect(new URL(page.url()).pathname, 'still there after 4.9 s').toBe('/reset');
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  // The fifth second; then the page's clock runs again, for the navigation to finish.
  await page.clock.runFor(100);
  await page.clock.resume();
  await expect(page).toHaveURL(/\/login$/);
  // The address the reset was for is filled in: only the new password is left to type.
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // The link works once, and says so when it is opened again, before any password is typed.
  await page.goto(linkIn(mail, '/reset'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link was already used');
  await expect(
    page.getByText('This reset link was already used or replaced by a newer one. Sign in, or request a new link.'),
  ).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset-password');
  await capture(page, testInfo, 'reset-failed');

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('New password here');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});
