// An app's pending sign-in: a hand-over that was already used leaves the sign-in pending with the
// app's card; someone signed in meets the card naming the app (a hosting panel's screen shows
// the same card and hands its session over, decision 049).

import { passes } from '../states/passes.ts';
import { registerAccount } from '../support/accounts.ts';
import { dashboardUrl } from '../support/ports.ts';
import { signInApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

test('a used hand-over, then continuing to the app signed in', async ({ page }) => {
  const email = `hand-over-${Date.now().toString(36)}@example.com`;
  const password = 'Journey hand-over 2026';
  await registerAccount(page, email, password);
  await page.request.post('/signout');
  await page.goto(dashboardUrl);
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await expect(page.locator('.invitation-banner')).toContainText('Monitoring dashboard');
  const pending = encodeURIComponent(new URL(page.url()).searchParams.get('redirectTo') ?? '');
  await page.goto(`/login?redirectTo=${pending}&error=oidc.hand_over_invalid`);
  await passes(page, 'login-hand-over-invalid');
  await signInApi(page.request, email, password);
  await page.goto(`/login?redirectTo=${pending}`);
  await passes(page, 'login-signed-in-app');
  await page.getByRole('button', { name: 'Continue to Monitoring dashboard' }).click();
  await expect(page).toHaveURL(`${dashboardUrl}/`);
});
