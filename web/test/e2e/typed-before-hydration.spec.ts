// A person on a slow phone starts typing into the prerendered form before the scripts run: when
// the app takes the page over, what they typed must still be there, and it is what is sent.
// Not the suite's `test` on purpose: it waits for the app to run before handing a page back
// (support/test.ts), and these tests act before it runs.
import { expect, type Page } from '@playwright/test';
import de from '../../app/i18n/de.ts';
import ja from '../../app/i18n/ja.ts';
import { liveResetLink, registerAccount } from '../support/accounts.ts';
import { uniqueEmail } from '../support/helpers.ts';
import { appStarted, ownVisitorTest as test } from '../support/test.ts';

test('what is typed before the app runs is kept and signs in', async ({ page }, testInfo) => {
  const email = uniqueEmail('early', testInfo);
  const password = 'Typed before hydration 2026';
  await registerAccount(page, email, password);
  await page.context().clearCookies();

  // Hold every script until the form has been filled.
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  release();
  await appStarted(page);
  await expect(page.locator('input[name="email"]')).toHaveValue(email);
  await expect(page.locator('input[name="password"]')).toHaveValue(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
});

test('a sign-in sent before the app runs is held, then sent by the app; the password never goes into an address', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('early-enter', testInfo);
  const password = 'Entered before hydration 2026';
  await registerAccount(page, email, password);
  await page.context().clearCookies();
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(email).first()).toBeVisible();
  expect(addresses.filter((address) => /[?&]password=/.test(address))).toEqual([]);
});

/** Holds every script of the page (and of the next) until `release` is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a language chosen before the app runs is switched to once it runs', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Language').selectOption('ja');
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/ja\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ja.login.heading);
  await expect(page.getByLabel(ja.common.language)).toHaveValue('ja');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'i18n_lang')?.value).toBe('ja');
});

test('a press on "Show password" before the app runs shows it once it runs', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.locator('input[name="password"]').fill('Shown before hydration');
  await page.getByRole('button', { name: 'Show password' }).click();
  release();
  await appStarted(page);
  await expect(page.locator('input[name="password"]')).toHaveAttribute('type', 'text');
  await expect(page.locator('input[name="password"]')).toHaveValue('Shown before hydration');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
});

test('a field help pointed at before the app runs shows once it runs', async ({ page }, testInfo) => {
  const link = await liveResetLink(page, uniqueEmail('early-help', testInfo));
  const release = await holdScripts(page);
  await page.goto(link, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'More information' }).first().hover();
  release();
  await appStarted(page);
  await expect(page.getByRole('tooltip').first()).toBeVisible();
});

test('a single sign-on button pressed before the app runs goes the app’s way: the consent first, then the page’s language', async ({
  page,
}) => {
  const connects: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/connect/')) connects.push(request.url());
  });
  const release = await holdScripts(page);
  await page.goto('/signup', { waitUntil: 'domcontentloaded' });
  // Without the data-processing consent: the app says so, and nothing goes to the provider.
  await page.getByRole('link', { name: 'Sign up with Google' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  release();
  await appStarted(page);
  // Said once, under the checkbox; the banner names what to fix (decision 058).
  await expect(page.locator('input[name="dataProcessingConsent"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Accept the consent to continue')).toHaveCount(1);
  await expect(page.getByRole('alert')).not.toBeEmpty();
  expect(connects).toEqual([]);

  // On the sign-in page, the press leads where the app sends it, with the page's language.
  const again = await holdScripts(page);
  await page.goto('/de/login', { waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: de.sso.google }).click();
  await expect(page).toHaveURL(/\/de\/login$/);
  again();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  expect(connects).toHaveLength(1);
  expect(new URL(connects[0] ?? '').searchParams.get('locale')).toBe('de');
});

test('a link followed before the app runs opens its page, which the app then runs', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: 'Create one for free' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  release();
  await appStarted(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});
