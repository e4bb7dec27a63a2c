// Two-factor authentication in every language, on both projects: turning it on from the settings
// (the QR code, the recovery codes), then signing in with a recovery code and with the app's
// code; every screen checked with axe in English, German and Japanese and saved to
// artifacts/screenshots/gallery/<project>/<language>/.
import { formatMessage, type Language, languages } from '@gatehouse/contract';
import { totpAt } from '../../../server/test/support/index.ts';
import { registerAccount } from '../support/accounts.ts';
import { catalogues, gallery } from '../support/gallery.ts';
import { waitForMail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

const checkedWithAxe: Record<string, Set<Language>> = { desktop: new Set(['en', 'de', 'ja']), phone: new Set(['en', 'de', 'ja']) };
const password = 'Second factor 2026';

test.describe.configure({ mode: 'parallel', timeout: 120_000 });

languages.forEach((language, index) => {
  test(`two-factor gallery in ${language}`, async ({ page, context }, testInfo) => {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const project = testInfo.project.name === 'phone' ? 2 : 1;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${project + 10}.${index + 10}` });
    const email = `two-factor-${language}-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
    await registerAccount(page, email, password);
    expect((await context.request.post('/signin', { form: { email, password } })).status()).toBe(200);
    await context.request.put('/profile', { data: { locale: language } });

    // Off: the offer, then the password, then the QR code beside its key.
    await g.visit('/settings/two-factor');
    await expect(page.getByRole('heading', { level: 2, name: t.settings.sections['two-factor'] })).toBeVisible();
    await g.shot('settings-two-factor-off');
    await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
    await page.getByRole('button', { name: t.settings.twoFactor.start }).click();
    await expect(page.getByRole('img', { name: t.settings.twoFactor.qrAlt })).toBeVisible();
    const secret = (await page.locator('.two-factor-secret').textContent())?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('button', { name: t.settings.twoFactor.confirm }).click();
    await expect(page.getByLabel(t.settings.twoFactor.confirmLabel)).toHaveAttribute('aria-invalid', 'true');
    await g.shot('settings-two-factor-scan');

    // The first code turns it on: the recovery codes, once.
    await page.getByLabel(t.settings.twoFactor.confirmLabel).fill(totpAt(secret, new Date()));
    await page.getByRole('button', { name: t.settings.twoFactor.confirm }).click();
    const codes = page.locator('.recovery-codes code');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allTextContents();
    await g.shot('settings-two-factor-codes');
    await page.getByRole('button', { name: t.settings.twoFactor.saved }).click();
    await expect(page.getByText(t.settings.twoFactor.statusOn)).toBeVisible();
    await g.shot('settings-two-factor-on');
    await waitForMail(email, /./, 2);

    // Signed out, the password alone no longer signs in: the code screen asks, by keyboard.
    await context.clearCookies({ name: /session/ });
    await g.visit('/login');
    await page.getByLabel(t.common.email).fill(email);
    await page.getByLabel(t.common.password, { exact: true }).fill(password);
    await page.getByLabel(t.common.password, { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t.twoFactor.heading })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${g.path('/login/two-factor')}$`));
    await page.getByLabel(t.twoFactor.codeLabel).fill('000000');
    await page.getByLabel(t.twoFactor.codeLabel).press('Enter');
    await expect(page.getByRole('alert')).not.toBeEmpty();
    await g.shot('two-factor-signin-wrong');

    // A recovery code instead.
    await page.getByRole('button', { name: t.twoFactor.useRecovery }).click();
    await expect(page.getByLabel(t.twoFactor.recoveryLabel)).toBeVisible();
    await g.shot('two-factor-signin-recovery');
    await page.getByLabel(t.twoFactor.recoveryLabel).fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: t.twoFactor.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${g.path('/')}$`));
    await expect(page.getByText(email).first()).toBeVisible();

    // Again, with the app's code.
    await context.clearCookies({ name: /session/ });
    await g.visit('/login');
    await page.getByLabel(t.common.email).fill(email);
    await page.getByLabel(t.common.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.login.submit, exact: true }).click();
    await expect(page.getByLabel(t.twoFactor.codeLabel)).toBeVisible();
    await g.shot('two-factor-signin');
    await page.getByLabel(t.twoFactor.codeLabel).fill(totpAt(secret, new Date(), 1));
    await page.getByRole('button', { name: t.twoFactor.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${g.path('/')}$`));
    await g.visit('/settings/two-factor');
    await expect(page.getByText(formatMessage(t.settings.twoFactor.codesLeft, { count: 9 }, language))).toBeVisible();

    // A code screen whose sign-in is gone (expired, or opened in another browser).
    await context.clearCookies();
    await g.visit('/login/two-factor');
    await page.getByLabel(t.twoFactor.codeLabel).fill('123456');
    await page.getByRole('button', { name: t.twoFactor.submit }).click();
    await expect(page.getByRole('link', { name: t.twoFactor.signInAgain })).toBeVisible();
    await g.shot('two-factor-signin-ended');
  });
});
