// Two-factor authentication inside a hosting panel: turned on from the panel's settings (each call
// with the installation's apiKey), then the panel's sign-in asks for the code on its own origin,
// with the challenge cookie partitioned like the session's.
import { panelBasePath } from '@gatehouse/contract';
import { totpAt } from '../../../server/test/support/index.ts';
import en from '../../app/i18n/en.ts';
import { registerAccount } from '../support/accounts.ts';
import { capture, referencePanel, uniqueEmail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

test('in a panel: two-factor turned on in the settings, then the panel sign-in asks for the code', async ({ page, context }, testInfo) => {
  const panel = await referencePanel();
  const email = uniqueEmail('cp-two-factor', testInfo);
  const password = 'Panel two factors 2026';
  await registerAccount(page, email, password);
  const panelUser = { name: 'refpanel_user', value: `u-2fa-${Date.now()}`, url: panel.url };
  await context.addCookies([panelUser]);
  const signIn = async () => {
    await page.goto(`${panel.url}${panelBasePath}login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };

  await signIn();
  await expect(page.getByRole('link', { name: new RegExp(en.settings.sections['two-factor']) })).toBeVisible();
  await page.goto(`${panel.url}${panelBasePath}settings/two-factor`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: en.settings.twoFactor.start }).click();
  const secret = (await page.locator('.two-factor-secret').textContent())?.replace(/\s/g, '') ?? '';
  await page.getByLabel(en.settings.twoFactor.confirmLabel).fill(totpAt(secret, new Date()));
  await page.getByRole('button', { name: en.settings.twoFactor.confirm }).click();
  await expect(page.locator('.recovery-codes code')).toHaveCount(10);
  await page.getByRole('button', { name: en.settings.twoFactor.saved }).click();
  await expect(page.getByText(en.settings.twoFactor.statusOn)).toBeVisible();

  // Signed out of the panel page: the password alone now leads to the code screen, in the panel.
  await context.clearCookies();
  await context.addCookies([panelUser]);
  await signIn();
  await expect(page).toHaveURL(`${panel.url}${panelBasePath}login/two-factor`);
  await expect(page.getByRole('heading', { level: 1, name: en.twoFactor.heading })).toBeVisible();
  await capture(page, testInfo, 'cp-two-factor-signin');
  await page.getByLabel(en.twoFactor.codeLabel).fill(totpAt(secret, new Date(), 1));
  await page.getByLabel(en.twoFactor.codeLabel).press('Enter');
  await expect(page.getByRole('link', { name: new RegExp(en.settings.sections['two-factor']) })).toBeVisible();
  await expect(page).toHaveURL(`${panel.url}${panelBasePath}`);
});
