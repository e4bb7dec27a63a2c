import { capture, setAcmeBrand, whiteLabelHost } from '../support/helpers.ts';
import { ports } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

const host = whiteLabelHost;

test('a white-label brand names, colours and links the pages of its host', async ({ page }, testInfo) => {
  await setAcmeBrand();

  // Requests to the favicon's host are answered locally: no test ever leaves this machine.
  await page.route('https://cdn.acme.example/**', (route) => route.fulfill({ status: 204 }));
  await page.goto(`http://${host}:${ports.app}/signup`);
  await expect(page).toHaveTitle('Sign up | Acme Monitoring');
  await expect(page.locator('.brand__name')).toHaveText('Acme Monitoring');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', 'https://cdn.acme.example/favicon.ico');
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(page.getByRole('link', { name: 'Support centre' })).toHaveAttribute('href', 'https://help.acme.example/');
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', 'https://app.acme.example/');
  await expect(page.getByRole('link', { name: 'Privacy policy' }).first()).toHaveAttribute('href', 'https://acme.example/privacy');
  await capture(page, testInfo, 'signup-white-label');

  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('gatehouse-signupBase') ?? '{}'));
  expect(stored.state.cnameConfig.brandName).toBe('Acme Monitoring');
  expect(stored.state.assetsLink).toBe('./');
});
