// Issue 24, points 7 and 8: the smaller paths and the operator's first day.
import { errorMessages, formatMessage, panelBasePath } from '@gatehouse/contract';
import type { Page } from '@playwright/test';
import en from '../../app/i18n/en.ts';
import ja from '../../app/i18n/ja.ts';
import { registerAccount } from '../support/accounts.ts';
import { capture, linkIn, referencePanel, setAcmeBrand, uniqueEmail, waitForMail, whiteLabelHost } from '../support/helpers.ts';
import { ports } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

/**
 * Every console error and uncaught exception of the page, from now on (React reports a hydration
 * mismatch as an uncaught error). The browser's own /favicon.ico request to the panel's origin is
 * the panel's business, not the app's.
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the panel build starts on every screen without a console error (issue 24: hydration error #418)', async ({ page }) => {
  const panel = await referencePanel();
  const errors = consoleErrors(page);
  for (const screen of ['signup', 'login', 'reset-password', 'de/login', 'ja/signup']) {
    await page.goto(`${panel.url}${panelBasePath}${screen}`);
    await expect(page.locator('main h1')).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('Japanese asks for the family name first; the license step opens on the key (issue 24, point 7)', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('first-day-ja', testInfo);
  await context.addCookies([{ name: 'i18n_lang', value: 'ja', url: `http://localhost:${ports.app}` }]);
  expect((await page.request.post('/user/signup', { data: { email, dataProcessingConsent: true } })).status()).toBe(200);
  await page.goto(linkIn(await waitForMail(email, /./), '/activate-email'));
  await expect(page.getByRole('heading', { name: ja.setPassword.heading })).toBeVisible();
  await expect(page).toHaveURL(/\/ja\//);
  await page.locator('input[name="password"]').fill('Lighthouse keeper 1912');
  await page.locator('input[name="repeatPassword"]').fill('Lighthouse keeper 1912');
  await page.getByRole('button', { name: ja.setPassword.submit }).click();

  await expect(page.getByRole('heading', { name: ja.profile.heading })).toBeVisible();
  const names = page.locator('.form__pair input');
  expect(await names.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name))).toEqual(['familyName', 'firstName']);
  await expect(page.locator('.form__pair label')).toHaveText([new RegExp(ja.common.lastName), new RegExp(ja.common.firstName)]);
  await page.locator('input[name="familyName"]').fill('山田');
  await page.locator('input[name="firstName"]').fill('花子');
  const saved = page.waitForRequest((request) => request.url().endsWith('/profile') && request.method() === 'PUT');
  await page.getByRole('button', { name: ja.common.save, exact: true }).click();
  expect((await saved).postDataJSON()).toMatchObject({ firstName: '花子', familyName: '山田' });

  await expect(page.getByRole('heading', { name: ja.activation.heading })).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(ja.activation.standalone) })).toBeChecked();
  await expect(page.getByRole('textbox', { name: ja.activation.keyLabel })).toBeVisible();
  await capture(page, testInfo, 'first-day-activation-ja');

  await page.goto('/ja/settings/profile');
  await expect(page.locator('.form__pair label')).toHaveText([ja.common.lastName, ja.common.firstName]);
  await expect(page.locator('input[name="familyName"]')).toHaveValue('山田');
});

test('a pending e-mail change is resent and cancelled from the settings (issue 24, point 7)', async ({ page, context }, testInfo) => {
  const email = uniqueEmail('first-day-email', testInfo);
  const next = uniqueEmail('first-day-next', testInfo);
  const password = 'Lighthouse keeper 1912';
  await registerAccount(page, email, password);
  expect((await context.request.post('/signin', { form: { email, password } })).status()).toBe(200);
  await page.goto('/settings/email');
  await page.getByLabel(en.settings.email.new).fill(next);
  await page.locator('input[name="currentPassword"]').fill(password);
  await page.getByRole('button', { name: en.settings.email.submit }).click();
  await expect(page.getByText(formatMessage(en.settings.email.pending, { email: next }))).toBeVisible();
  await waitForMail(next, /Confirm your new email/);
  await capture(page, testInfo, 'first-day-email-pending');

  // A second mail to the same address within the minute is refused, with the reason, and nothing is sent.
  await page.getByRole('button', { name: en.settings.email.resendLink }).click();
  await expect(page.getByRole('alert')).toHaveText(errorMessages['rate.limited']);

  await page.getByRole('button', { name: en.settings.email.withdraw }).click();
  await expect(page.getByText(formatMessage(en.settings.email.withdrawn, { email }))).toBeVisible();
  await expect(page.getByText(formatMessage(en.settings.email.pending, { email: next }))).toHaveCount(0);
  await expect(page.getByRole('button', { name: en.settings.email.resendLink })).toHaveCount(0);
  await capture(page, testInfo, 'first-day-email-withdrawn');
});

test('a white-label host paints its name and colour before any script runs (issue 24, point 8)', async ({ browser }, testInfo) => {
  await setAcmeBrand();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`http://${whiteLabelHost}:${ports.app}/signup`);
  await expect(page).toHaveTitle('Sign up | Acme Monitoring');
  await expect(page.locator('.brand__name')).toHaveText('Acme Monitoring');
  await expect(page.locator('.footer')).toContainText('© Acme Monitoring');
  await expect(page.locator('.brand__mark')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await capture(page, testInfo, 'first-day-white-label-no-script', testInfo.project.name, { axe: false });
  await context.close();
});
