import { capture, createLicense, linkIn, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

test('a new user signs up through the mailed link to Finish', async ({ page }, testInfo) => {
  const email = uniqueEmail('signup', testInfo);
  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign up | Gatehouse');
  await capture(page, testInfo, 'signup');

  // Nothing filled in: the seed's combined message, focus on the first invalid field.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Accept the consent and provide a valid email to continue');
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await capture(page, testInfo, 'signup-errors');

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The seed's message under the box, once; the banner points at it (decision 058).
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(page.getByText('Accept the consent to continue')).toHaveCount(1);

  await page.getByLabel(/I agree to the processing/).check();
  await page.getByLabel(/product news/).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/signup-process$/);
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Gmail' })).toHaveAttribute('href', /mail\.google\.com/);
  await expect(page.getByRole('link', { name: 'Open Outlook' })).toHaveAttribute('href', /outlook/);
  await capture(page, testInfo, 'signup-inbox');

  const stored = await page.evaluate(() => sessionStorage.getItem('gatehouse-signup'));
  expect(JSON.parse(stored ?? '{}').state.email).toBe(email);

  const mail = await waitForMail(email, /Confirm your email/);
  await page.goto(linkIn(mail, '/activate-email'));
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await capture(page, testInfo, 'signup-password');

  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText(/must not be empty and should be at least 8 characters/).first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Repeat password').fill('password123');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted field: Password.');
  await expect(page.getByText(/too common/)).toHaveCount(1);

  const password = 'Lighthouse keeper 1912';
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();

  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  const persisted = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(persisted).not.toContain(password);
  await capture(page, testInfo, 'signup-profile');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await capture(page, testInfo, 'signup-activation');
  await page.getByText('With a license key').click();
  const key = await createLicense('business');
  await page.getByRole('textbox', { name: 'License key' }).fill(key.toLowerCase());
  await page.getByRole('button', { name: 'Activate license' }).click();
  await expect(page.getByText('Your Business license is active.')).toBeVisible();
  await capture(page, testInfo, 'signup-activated');
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await capture(page, testInfo, 'account');
});
