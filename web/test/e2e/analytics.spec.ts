import type { Page } from '@playwright/test';

import { analyticsUrl, appUrl, controlUrl, ports } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

const own = new URL(appUrl).host;
const withAnalytics = analyticsUrl;
const capture = `${controlUrl}/analytics`;

/**
 * Runs the page's clock a minute on (past the 30-second upload period), then makes a request of
 * its own: the browser reports requests in order, so any upload the timers started is seen by then.
 */
async function runTimersOut(page: Page): Promise<void> {
  await page.clock.runFor(60_000);
  await Promise.all([page.waitForRequest((request) => request.url().endsWith('/health/live')), page.evaluate(() => fetch('/health/live'))]);
}

/** Every host a page talks to. */
function recordHosts(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  return hosts;
}

const screens = [
  '/',
  '/login',
  '/signup',
  '/signup-process',
  '/activate-email?token=x&email=a@example.com',
  '/reset-password',
  '/reset?token=x',
  '/redeem/GH-0000-0000-0000-0000',
  '/de/login',
  '/ja/signup',
  '/nowhere',
];

test('without an analytics key no request leaves the page, on any screen, even with consent', async ({ page }, testInfo) => {
  await page.clock.install();
  const hosts = recordHosts(page);
  for (const screen of screens) {
    await page.goto(screen);
    await page.waitForLoadState('networkidle');
  }
  await page.context().clearCookies(); // the Japanese page remembered its language
  await page.goto('/signup');
  await page.getByLabel('Email').fill(`no-key.${testInfo.project.name}@example.com`);
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByLabel(/anonymous usage statistics/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await runTimersOut(page);
  expect([...hosts]).toEqual([own]);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'analytics_consent')).toBe(false);
});

test('with a key but without consent, nothing is sent either', async ({ page }, testInfo) => {
  await page.clock.install();
  const hosts = recordHosts(page);
  for (const screen of screens) {
    await page.goto(`${withAnalytics}${screen}`);
    await page.waitForLoadState('networkidle');
  }
  await page.context().clearCookies();
  await page.goto(`${withAnalytics}/signup`);
  await page.getByLabel('Email').fill(`no-consent.${testInfo.project.name}@example.com`);
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await runTimersOut(page);
  expect([...hosts]).toEqual([`localhost:${ports.analytics}`]);
  const consent = (await page.context().cookies()).find((cookie) => cookie.name === 'analytics_consent');
  expect(consent?.value).toBe('0');
});

test('with a key and consent, events reach the configured endpoint without personal data', async ({ page }) => {
  const email = `consent.${Date.now()}@example.com`;
  await page.clock.install();
  await page.goto(`${withAnalytics}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByLabel(/anonymous usage statistics/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  const consent = (await page.context().cookies()).find((cookie) => cookie.name === 'analytics_consent');
  expect(consent?.value).toBe('1');

  // Events go out once 30 are queued or after the 30-second upload period: the test runs the
  // page's clock past it (again, should the SDK still have been loading) instead of waiting.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(31_000);
        return JSON.stringify(await (await fetch(capture)).json());
      },
      { timeout: 60_000 },
    )
    .toContain('Sign Up Started');
  const payload = JSON.stringify(await (await fetch(capture)).json());
  expect(payload).toContain('e2e-analytics-key');
  expect(payload).toContain('Page Viewed');
  expect(payload).not.toContain(email);
  expect(payload).not.toContain('@example.com');
  expect(payload).not.toMatch(/token|password/i);
});
