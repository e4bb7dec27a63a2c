// Issue 24, points 7 and 8: the smaller paths and the operator's first day.
import { panelBasePath } from '@gatehouse/contract';
import type { Page } from '@playwright/test';
import { referencePanel } from '../support/helpers.ts';
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
