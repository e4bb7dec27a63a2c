// A person on a slow phone starts typing into the prerendered form before the scripts run: when
// the app takes the page over, what they typed must still be there, and it is what is sent.
import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { uniqueEmail } from '../support/helpers.ts';

test('what is typed before the app runs is kept and signs in', async ({ page }, testInfo) => {
  const email = uniqueEmail('early', testInfo);
  const password = 'Typed before hydration 2026';
  await registerAccount(page, email, password);
  await page.context().clearCookies();

  // Hold every script until the form has been filled.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  const hydrated = page.waitForResponse((response) => response.url().includes('/white-label'));
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  release();
  await hydrated;
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

  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
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
