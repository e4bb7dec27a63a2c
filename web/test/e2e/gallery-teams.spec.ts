// The team screens in every language, on both projects, beside the journey's gallery:
// artifacts/screenshots/gallery/<project>/<language>/team-*.png, checked with axe. Two accounts
// per project serve all eight languages: the states are made once, then shown in each language.
import { type Language, languages } from '@gatehouse/contract';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import de from '../../app/i18n/de.ts';
import en, { type UiMessages } from '../../app/i18n/en.ts';
import es from '../../app/i18n/es.ts';
import fr from '../../app/i18n/fr.ts';
import it from '../../app/i18n/it.ts';
import ja from '../../app/i18n/ja.ts';
import pt from '../../app/i18n/pt.ts';
import ru from '../../app/i18n/ru.ts';
import { registerAccount } from '../support/accounts.ts';
import { capture, createLicense } from '../support/helpers.ts';
import { appUrl } from '../support/ports.ts';
import { inviteApi, signInApi, tokenOf } from '../support/teams.ts';

const catalogues: Record<Language, UiMessages> = { en, de, fr, es, it, ru, ja, pt };
// As in the journey's gallery: axe in the languages that stress the markup most, on a desktop;
// in English on a phone.
const checkedWithAxe: Record<string, Set<Language>> = { desktop: new Set(['en', 'de', 'ja']), phone: new Set(['en']) };
// The states that differ from another screen by one message or one row: in the longest language,
// in Japanese and in English, to keep the suite in CI's time.
const someLanguages = new Set<Language>(['en', 'de', 'ja']);
const password = 'Gallery team 2026 alpha';

function shot(page: Page, testInfo: TestInfo, language: Language, name: string) {
  const axe = checkedWithAxe[testInfo.project.name]?.has(language) ?? true;
  return capture(page, testInfo, name, `gallery/${testInfo.project.name}/${language}`, { axe });
}
const at = (language: Language, path: string) => (language === 'en' ? path : path === '/' ? `/${language}` : `/${language}${path}`);
/** Opens a page in a language: the language cookie too, or an unprefixed (English) path keeps the last language chosen. */
async function visit(page: Page, language: Language, path: string) {
  await page.context().addCookies([{ name: 'i18n_lang', value: language, url: appUrl }]);
  await page.goto(at(language, path));
}

test.describe.configure({ timeout: 180_000 });

test('gallery: the team screens in every language', async ({ page, context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${testInfo.project.name === 'phone' ? 4 : 3}.10` });
  // As long as typical addresses, so the screens show what most people see.
  const id = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const [owner, member, newcomer] = ['owner', 'member', 'new'].map((who) => `${who}-${id}@example.com`) as [string, string, string];
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  const memberToken = tokenOf(await inviteApi(page.request, member, 'admin'));
  const newcomerToken = tokenOf(await inviteApi(page.request, newcomer));
  await page.request.post('/signout');

  // Signed out: the invitation on sign-up (a new address), a bad link, and on sign-in (an account).
  for (const language of languages) {
    const t = catalogues[language];
    await page.goto(at(language, `/signup?invitation=${newcomerToken}`));
    await expect(page.locator('.invitation-banner')).toContainText(newcomer);
    await expect(page.locator('input[name="email"]')).toHaveValue(newcomer);
    await shot(page, testInfo, language, 'team-signup-invitation');
    if (someLanguages.has(language)) {
      await page.goto(at(language, '/signup?invitation=no-such-invitation-token-at-all'));
      await expect(page.getByRole('alert').first()).toHaveText(await errorText(language, 'invitation.invalid'));
      await shot(page, testInfo, language, 'team-signup-invitation-invalid');
    }
    await page.goto(at(language, `/signup?invitation=${memberToken}`));
    await expect(page).toHaveURL(/\/login\?invitation=/);
    await expect(page.locator('.invitation-banner')).toContainText(t.invitation.loginHint.split('{email}')[0] ?? '');
    await expect(page.locator('input[name="email"]')).toHaveValue(member);
    await shot(page, testInfo, language, 'team-login-invitation');
  }

  // The member accepts by signing in, and sees the team with its license.
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('.team').first()).toContainText(owner);
  for (const language of languages) {
    await visit(page, language, '/');
    await expect(page.locator('.team').first().locator('.plan')).toContainText(catalogues[language].plans.business);
    // The License section: the team's plan and whose team it is, nothing to activate.
    const license = page.locator('[aria-labelledby="license-heading"]');
    await expect(license).toContainText(catalogues[language].team.licenseFromTeam.replace('{email}', owner));
    await expect(license.locator('.plan')).toContainText(catalogues[language].plans.business);
    await expect(license.locator('input[name="license"]')).toHaveCount(0);
    await shot(page, testInfo, language, 'team-account-member');
  }
  await page.request.post('/signout');

  // The owner: members, the pending invitation, the invite form, and a removal to confirm.
  await signInApi(page.request, owner, password);
  for (const language of languages) {
    const t = catalogues[language];
    await visit(page, language, '/');
    const team = page.locator('.team');
    await expect(team.locator('.team__row').filter({ hasText: newcomer })).toBeVisible();
    await shot(page, testInfo, language, 'team-account-owner');
    if (!someLanguages.has(language)) continue;
    await team.locator('.team__row').filter({ hasText: member }).getByRole('button', { name: t.team.remove }).click();
    await expect(team.locator('.team__confirm')).toBeVisible();
    await shot(page, testInfo, language, 'team-account-confirm');
  }
});

async function errorText(language: Language, code: 'invitation.invalid'): Promise<string> {
  const catalogue =
    language === 'en'
      ? (await import('@gatehouse/contract')).errorMessages
      : (await import(`@gatehouse/contract/messages/${language}`)).default;
  return catalogue[code];
}
