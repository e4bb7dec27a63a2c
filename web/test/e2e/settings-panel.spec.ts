// Account settings inside a hosting panel: the panel build on the panel's origin, the API on its
// own, every settings call carrying the installation's apiKey, an e-mail change by code.
import { panelBasePath } from '@gatehouse/contract';
import en from '../../app/i18n/en.ts';
import { registerAccount } from '../support/accounts.ts';
import { capture, codeIn, referencePanel, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { appUrl } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

test('in a panel: the e-mail changes by a mailed code, the account is deleted, each call with the apiKey', async ({
  page,
  context,
}, testInfo) => {
  const panel = await referencePanel();
  const email = uniqueEmail('cp-settings', testInfo);
  const password = 'Panel settings 2026';
  await registerAccount(page, email, password);
  await context.addCookies([{ name: 'refpanel_user', value: `u-settings-${Date.now()}`, url: panel.url }]);
  const settingsCalls: Array<{ url: string; key: string | undefined }> = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`${appUrl}/account`) || url.startsWith(`${appUrl}/sessions`))
      settingsCalls.push({ url, key: request.headers()['x-api-key'] });
  });

  await page.goto(`${panel.url}${panelBasePath}login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // No app sign-in starts from a panel page (decision 044): the account page offers no connected apps.
  await expect(page.getByRole('link', { name: new RegExp(en.settings.sections.sessions) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(en.settings.sections.apps) })).toHaveCount(0);
  await page.getByRole('link', { name: new RegExp(en.settings.sections.email) }).click();
  await expect(page).toHaveURL(`${panel.url}${panelBasePath}settings/email`);
  await expect(page.getByRole('navigation', { name: en.settings.nav })).toBeVisible();
  await expect(page.getByRole('link', { name: en.settings.sections.apps })).toHaveCount(0);
  await expect(page.getByRole('link', { name: en.settings.sections.passkeys })).toHaveCount(0);

  const next = uniqueEmail('cp-moved', testInfo);
  await page.getByLabel(en.settings.email.new).fill(next);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: en.settings.email.submit }).click();
  await expect(page.getByText(en.settings.email.pendingCode.replace('{email}', next))).toBeVisible();
  await capture(page, testInfo, 'cp-settings-email-code');
  await page.getByLabel('Verification code').fill(codeIn(await waitForMail(next, /confirm your new email/)));
  await page.getByRole('button', { name: en.settings.email.confirm }).click();
  await expect(page.getByText(en.settings.email.changed.replace('{email}', next))).toBeVisible();
  await expect(page.getByText(en.settings.email.current.replace('{email}', next))).toBeVisible();

  await page.getByRole('link', { name: en.settings.sections.delete }).click();
  // The e-mail section has a password field too: type only once the deletion's is there.
  await expect(page.getByRole('heading', { level: 3, name: en.settings.delete.heading })).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: en.settings.delete.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.settings.delete.doneHeading })).toBeVisible();
  await waitForMail(next, /has been deleted/);

  expect(settingsCalls.length).toBeGreaterThanOrEqual(4);
  for (const call of settingsCalls) expect(call.key, call.url).toBe(panel.apiKey);
});
