import { registerAccount } from '../support/accounts.ts';
import { linkIn, uniqueEmail, waitForMail } from '../support/helpers.ts';
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
  await expect(page.getByRole('alert')).toHaveText('Accept the consent to continue');

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
