// The sign-out an app asks for without its ID token (RP-initiated logout without a hint): it
// starts at the provider's end_session_endpoint, as an app's link does, and asks first.

import { passes } from '../states/passes.ts';
import { registerAccount } from '../support/accounts.ts';
import { signInApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

test('an app’s sign-out asks first, then signs out', async ({ page }) => {
  const email = `sign-out-${Date.now().toString(36)}@example.com`;
  const password = 'Journey sign out 2026';
  // Signed out, an app's sign-out without a hint has nobody to sign out: the login screen.
  await page.goto('/oidc/session/end');
  await expect(page).toHaveURL(/\/login$/);
  await registerAccount(page, email, password);
  await signInApi(page.request, email, password);
  await page.goto('/oidc/session/end?ui_locales=en');
  await expect(page).toHaveURL(/\/sign-out$/);
  await passes(page, 'sign-out');
  await page.locator('form button[type="submit"]').click();
  await passes(page, 'sign-out-done');
  expect((await (await page.request.get('/session')).json()).data).toBeNull();
});
