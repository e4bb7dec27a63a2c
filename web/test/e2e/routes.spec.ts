import { capture } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

test('an unknown page is a 404 titled "Page not found"', async ({ page }, testInfo) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await capture(page, testInfo, 'not-found');
});

test('the sign-up process sends a visitor without a started sign-up to /signup', async ({ page }) => {
  await page.goto('/signup-process');
  await expect(page).toHaveURL(/\/signup$/);
});

test('the first paint needs no JavaScript: pages are prerendered', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.goto('/de/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erstellen Sie Ihr Konto');
  await context.close();
});

test('switching to German and to Japanese translates titles and messages, and is remembered', async ({ page, context }, testInfo) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('de');
  await expect(page).toHaveURL(/\/de\/login$/);
  await expect(page).toHaveTitle('Anmelden | Gatehouse');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte korrigieren Sie die markierten Felder: E-Mail-Adresse und Passwort.');
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toHaveCount(1);
  await capture(page, testInfo, 'login-de');

  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_lang');
  expect(cookie?.value).toBe('de');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86400);

  // The cookie brings a returning visitor to the German pages.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/de\/signup$/);
  await capture(page, testInfo, 'signup-de');

  await page.getByLabel('Sprache').selectOption('ja');
  await expect(page).toHaveURL(/\/ja\/signup$/);
  await expect(page).toHaveTitle(/^新規登録 \| Gatehouse$/);
  await page
    .getByRole('button', { name: /アカウントを作成|登録/ })
    .first()
    .click();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await capture(page, testInfo, 'signup-ja');
  await page.goto('/ja/reset-password');
  await capture(page, testInfo, 'reset-request-ja');
});

test('the browser language is detected on a first visit', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/fr\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await context.close();
});
