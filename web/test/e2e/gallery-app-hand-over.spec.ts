// An app's pending sign-in met by someone signed in (the card names the app; a hosting panel's
// screen shows the same card and hands its session over, decision 049), and a hand-over that was
// already used, in every language, on both projects: artifacts/screenshots/gallery/<project>/<language>/.
import { type Language, languages } from '@gatehouse/contract';
import { registerAccount } from '../support/accounts.ts';
import { catalogues, gallery } from '../support/gallery.ts';
import { dashboardUrl } from '../support/ports.ts';
import { signInApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const checkedWithAxe: Record<string, Set<Language>> = { desktop: new Set(['en', 'de', 'ja']), phone: new Set(['en', 'ja']) };
const password = 'Gallery hand-over 2026';

test.describe.configure({ timeout: 300_000 });

test('gallery: continuing to an app signed in, and a used hand-over, in every language', async ({ page, context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${testInfo.project.name === 'phone' ? 8 : 7}.10` });
  const email = `hand-over-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await registerAccount(page, email, password);
  await page.request.post('/signout');
  await page.goto(dashboardUrl);
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await expect(page.locator('.invitation-banner')).toContainText('Monitoring dashboard');
  const pending = encodeURIComponent(new URL(page.url()).searchParams.get('redirectTo') ?? '');

  for (const language of languages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const errors =
      language === 'en'
        ? (await import('@gatehouse/contract')).errorMessages
        : (await import(`@gatehouse/contract/messages/${language}`)).default;
    await g.visit(`/login?redirectTo=${pending}&error=oidc.hand_over_invalid`);
    await expect(page.getByRole('alert')).toContainText(errors['oidc.hand_over_invalid']);
    await expect(page.locator('.invitation-banner')).toContainText('Monitoring dashboard');
    await g.shot('login-hand-over-invalid');
  }
  await signInApi(page.request, email, password);
  for (const language of languages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await g.visit(`/login?redirectTo=${pending}`);
    const label = catalogues[language].signedIn.continueTo.replace('{app}', 'Monitoring dashboard');
    await expect(page.getByRole('button', { name: label })).toBeVisible();
    await g.shot('login-signed-in-app');
  }
});
