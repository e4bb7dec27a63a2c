import { registerAccount } from '../support/accounts.ts';
import { capture, createLicense, uniqueEmail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

test('redeems a license signed out: through sign-in and back, then activates', async ({ page }, testInfo) => {
  const email = uniqueEmail('redeem', testInfo);
  await registerAccount(page, email, 'Redeem password 1');
  const key = await createLicense('enterprise');

  await page.goto(`/redeem/${key}`);
  await expect(page.getByText('Enterprise')).toBeVisible();
  await expect(page.getByText('250 servers')).toBeVisible();
  await capture(page, testInfo, 'redeem-signed-out');

  await page.getByRole('link', { name: 'Sign in to activate' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Redeem password 1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/redeem/${key}$`));
  await page.getByRole('button', { name: 'Activate on my account' }).click();
  await expect(page.getByRole('heading', { name: 'License activated' })).toBeVisible();
  await expect(page.getByText(`Your Enterprise license is now active on ${email}.`)).toBeVisible();
  await capture(page, testInfo, 'redeem-activated');

  await page.goto('/');
  await expect(page.getByText('Enterprise')).toBeVisible();
});

test('redeem shows an unknown key clearly', async ({ page }, testInfo) => {
  await page.goto('/redeem/GH-0000-0000-0000-0000');
  await expect(page.getByRole('alert')).toHaveText('This license key does not exist');
  await capture(page, testInfo, 'redeem-unknown');
});
