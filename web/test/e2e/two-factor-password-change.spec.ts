// A password changed from a browser that signed in before two-factor was turned on elsewhere:
// the change is made, and that browser's new session comes with the code (decision 046).
import en from '../../app/i18n/en.ts';
import { registerAccount } from '../support/accounts.ts';
import { capture, uniqueEmail } from '../support/helpers.ts';
import { codeAfterEnrolment, enrolTwoFactorApi, signInApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const password = 'Changed with a code 2026';
const next = 'Changed after the code 2027';

test('changing the password in a session from before two-factor leads to the code screen, then back to the settings', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail('tf-password', testInfo);
  await registerAccount(page, email, password);
  await signInApi(page.request, email, password);

  // Two-factor turned on in another browser.
  const secret = await enrolTwoFactorApi(browser, email, password);

  await page.goto('/settings/password');
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Repeat new password').fill(next);
  await page.getByRole('button', { name: /Change password/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.twoFactor.heading })).toBeVisible();
  await page.getByLabel(en.twoFactor.codeLabel).fill(codeAfterEnrolment(secret));
  await page.getByRole('button', { name: en.twoFactor.submit }).click();
  await expect(page).toHaveURL(/\/settings\/password\?changed=1$/);
  await expect(page.getByRole('status').filter({ hasText: en.settings.password.done })).toBeVisible();
  await capture(page, testInfo, 'two-factor-password-changed');
  // The new password is the one that signs in now.
  const check = await browser.newContext();
  const answer = await check.request.post('/signin', { form: { email, password: next } });
  expect((await answer.json()).data).toEqual({ twoFactor: { methods: ['totp', 'recovery'] } });
  await check.close();
});
