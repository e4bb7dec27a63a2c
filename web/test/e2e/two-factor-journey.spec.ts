// Two-factor authentication, once, in English on a desktop: turning it on from the settings (the
// QR code, the recovery codes), then signing in with a recovery code and with the app's code. The
// screens' states (states/two-factor.ts) are checked in every language by states.spec.ts.
import { formatMessage } from '@gatehouse/contract';
import { totpAt } from '../../../server/test/support/index.ts';
import { passes } from '../states/passes.ts';
import { registerAccount } from '../support/accounts.ts';
import { catalogues } from '../support/gallery.ts';
import { waitForMail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

const password = 'Second factor 2026';
const t = catalogues.en;

test('two-factor: turned on in the settings, then the sign-in asks for the code', async ({ page, context }) => {
  const email = `two-factor-${Date.now().toString(36)}@example.com`;
  await registerAccount(page, email, password);
  expect((await context.request.post('/signin', { form: { email, password } })).status()).toBe(200);

  // Off: the offer, then the password, then the QR code beside its key.
  await page.goto('/settings/two-factor');
  await passes(page, 'settings-two-factor-off');
  await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
  await page.getByRole('button', { name: t.settings.twoFactor.start }).click();
  await expect(page.getByRole('img', { name: t.settings.twoFactor.qrAlt })).toBeVisible();
  const secret = (await page.locator('.two-factor-secret').textContent())?.replace(/\s/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('button', { name: t.settings.twoFactor.confirm }).click();
  await passes(page, 'settings-two-factor-scan');

  // The first code turns it on: the recovery codes, once.
  await page.getByLabel(t.settings.twoFactor.confirmLabel).fill(totpAt(secret, new Date()));
  await page.getByRole('button', { name: t.settings.twoFactor.confirm }).click();
  await passes(page, 'settings-two-factor-codes');
  const recoveryCodes = await page.locator('.recovery-codes code').allTextContents();
  await page.getByRole('button', { name: t.settings.twoFactor.saved }).click();
  await passes(page, 'settings-two-factor-on');
  await waitForMail(email, /./, 2);

  // Signed out, the password alone no longer signs in: the code screen asks, by keyboard.
  await context.clearCookies({ name: /session/ });
  await page.goto('/login');
  await page.getByLabel(t.common.email).fill(email);
  await page.getByLabel(t.common.password, { exact: true }).fill(password);
  await page.getByLabel(t.common.password, { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await passes(page, 'two-factor-signin');
  await page.getByLabel(t.twoFactor.codeLabel).fill('000000');
  await page.getByLabel(t.twoFactor.codeLabel).press('Enter');
  await passes(page, 'two-factor-signin-wrong');

  // A recovery code instead.
  await page.getByRole('button', { name: t.twoFactor.useRecovery }).click();
  await passes(page, 'two-factor-signin-recovery');
  await page.getByLabel(t.twoFactor.recoveryLabel).fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: t.twoFactor.submit }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(email).first()).toBeVisible();

  // Again, with the app's code.
  await context.clearCookies({ name: /session/ });
  await page.goto('/login');
  await page.getByLabel(t.common.email).fill(email);
  await page.getByLabel(t.common.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
  await passes(page, 'two-factor-signin');
  await page.getByLabel(t.twoFactor.codeLabel).fill(totpAt(secret, new Date(), 1));
  await page.getByRole('button', { name: t.twoFactor.submit }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings/two-factor');
  await expect(page.getByText(formatMessage(t.settings.twoFactor.codesLeft, { count: 9 }, 'en'))).toBeVisible();

  // A code screen whose sign-in is gone (expired, or opened in another browser).
  await context.clearCookies();
  await page.goto('/login/two-factor');
  await page.getByLabel(t.twoFactor.codeLabel).fill('123456');
  await page.getByRole('button', { name: t.twoFactor.submit }).click();
  await passes(page, 'two-factor-signin-ended');
});
