// The sign-out an app asks for without its ID token (RP-initiated logout without a hint), in
// every language, on both projects: artifacts/screenshots/gallery/<project>/<language>/sign-out*.png,
// checked with axe. The English run starts at the provider's end_session_endpoint, as an app's link does.
import { type Language, languages } from '@gatehouse/contract';
import { registerAccount } from '../support/accounts.ts';
import { catalogues, gallery } from '../support/gallery.ts';
import { signInApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const checkedWithAxe: Record<string, Set<Language>> = { desktop: new Set(['en', 'de', 'ru', 'ja']), phone: new Set(['en']) };
const password = 'Gallery sign out 2026';

test.describe.configure({ timeout: 180_000 });

test('gallery: an app’s sign-out asks first, in every language', async ({ page, context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${testInfo.project.name === 'phone' ? 6 : 5}.10` });
  const email = `sign-out-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  // Signed out, an app's sign-out without a hint has nobody to sign out: the login screen.
  await page.goto('/oidc/session/end');
  await expect(page).toHaveURL(/\/login$/);
  await registerAccount(page, email, password);
  for (const language of languages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const t = catalogues[language];
    await signInApi(page.request, email, password);
    if (language === 'en') await page.goto('/oidc/session/end?ui_locales=en');
    else await g.visit('/sign-out');
    await expect(page).toHaveURL(new RegExp(`${g.path('/sign-out')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.appSignOut.heading);
    await g.shot('sign-out');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.appSignOut.doneHeading);
    await g.shot('sign-out-done');
    expect((await (await page.request.get('/session')).json()).data).toBeNull();
  }
});
