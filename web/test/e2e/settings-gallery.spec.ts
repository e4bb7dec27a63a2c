// The account settings in every language, on both projects: checked with axe (in the languages
// the main gallery checks) and saved to artifacts/screenshots/gallery/<project>/<language>/.
import { formatMessage, type Language, languages } from '@gatehouse/contract';
import type { Page } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { catalogues, gallery, names } from '../support/gallery.ts';
import { linkIn, waitForMail } from '../support/helpers.ts';
import { virtualAuthenticator } from '../support/passkeys.ts';
import { dashboardUrl } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

// The markup is the same in every language but for its words: axe runs in English on each project
// (the main gallery checks the longest languages and Japanese), to keep CI in time.
const checkedWithAxe: Record<string, Set<Language>> = { desktop: new Set(['en']), phone: new Set(['en']) };
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

const section = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
/** Goes to another section: on a phone, through the button that opens the list of sections (decision 058). */
async function openSection(page: Page, name: string) {
  const menu = page.locator('.settings__menu');
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name }).click();
}

// Each language is its own account and visitor: the languages run in parallel.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

languages.forEach((language, index) => {
  test(`settings gallery in ${language}`, async ({ page, context, browser }, testInfo) => {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const project = testInfo.project.name === 'phone' ? 2 : 1;
    const ip = `198.19.${project}.${index + 10}`;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    const email = `settings-${language}-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
    const password = 'Lighthouse keeper 1912';
    const [first, last] = names[language];

    await virtualAuthenticator(page, { synced: true });
    // An account with a history: consents given and withdrawn (none recorded that nobody gave), a second device.
    await registerAccount(page, email, password);
    expect((await context.request.post('/signin', { form: { email, password } })).status()).toBe(200);
    await context.request.put('/profile', { data: { firstName: first, familyName: last, locale: language, consent: true } });
    await context.request.put('/account/consents', { data: { analyticsConsent: true } });
    await context.request.put('/account/consents', { data: { consent: false } });
    const laptop = await browser.newContext({ userAgent: firefox, extraHTTPHeaders: { 'x-forwarded-for': `${ip.slice(0, -2)}99` } });
    expect((await laptop.request.post('/signin', { form: { email, password } })).status()).toBe(200);

    await page.goto(g.path('/'));
    await expect(page.getByRole('heading', { level: 1, name: `${first} ${last}` })).toBeVisible();
    await g.shot('account-with-settings');

    await page.goto(g.path('/settings/profile'));
    await expect(section(page, t.settings.sections.profile)).toBeVisible();
    await expect(page.getByLabel(t.common.firstName, { exact: true })).toHaveValue(first);
    await g.shot('settings-profile');

    await openSection(page, t.settings.sections.consents);
    await expect(page.locator('.ledger__entry')).toHaveCount(4);
    await g.shot('settings-consents');

    await openSection(page, t.settings.sections.password);
    await expect(section(page, t.settings.sections.password)).toBeVisible();
    await page.getByLabel(t.settings.password.current).fill('Not the password');
    await page.getByLabel(t.settings.password.new, { exact: true }).fill('short');
    await page.getByRole('button', { name: t.settings.password.submit }).click();
    await expect(page.getByLabel(t.settings.password.new, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await g.shot('settings-password-errors');

    // Passkeys: none yet and the password asked first, then the one added (a synced one).
    await openSection(page, t.settings.sections.passkeys);
    await expect(page.getByText(t.settings.passkeys.none)).toBeVisible();
    await page.getByRole('button', { name: t.settings.passkeys.add }).click();
    await g.shot('settings-passkeys-confirm');
    await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
    await page.getByRole('button', { name: t.settings.passkeys.create }).click();
    await expect(page.getByText(t.settings.passkeys.added)).toBeVisible();
    await expect(page.locator('.passkey')).toHaveCount(1);
    await g.shot('settings-passkeys');
    // Removing it asks on its row: what follows, and the password.
    await page.locator('.passkey__actions').getByText(t.settings.passkeys.remove, { exact: true }).click();
    await expect(page.getByRole('button', { name: t.settings.passkeys.removeSubmit })).toBeVisible();
    await g.shot('settings-passkeys-remove');
    await page.getByRole('button', { name: t.settings.passkeys.cancel }).click();
    await expect(page.locator('.passkey__actions')).toBeVisible();

    await openSection(page, t.settings.sections.email);
    await expect(section(page, t.settings.sections.email)).toBeVisible();
    await g.shot('settings-email');
    const next = email.replace('settings-', 'moved-');
    await page.getByLabel(t.settings.email.new).fill(next);
    await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
    await page.getByRole('button', { name: t.settings.email.submit }).click();
    await expect(page.getByText(formatMessage(t.settings.email.pending, { email: next }, language))).toBeVisible();
    await g.shot('settings-email-pending');

    await openSection(page, t.settings.sections.sessions);
    await expect(page.getByText(t.settings.sessions.thisDevice)).toBeVisible();
    await expect(page.locator('.device')).toHaveCount(2);
    await g.shot('settings-sessions');

    // Signed in to the reference dashboard with this session: the app is listed, then signed out of.
    await page.goto(dashboardUrl);
    await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
    await expect(page).toHaveURL(`${dashboardUrl}/`);
    await page.goto(g.path('/settings/apps'));
    const app = page.locator('.device', { hasText: 'Monitoring dashboard' });
    await expect(app).toBeVisible();
    await g.shot('settings-apps');
    await app.getByRole('button', { name: formatMessage(t.settings.apps.endLabel, { app: 'Monitoring dashboard' }, language) }).click();
    await expect(page.getByText(formatMessage(t.settings.apps.ended, { app: 'Monitoring dashboard' }, language))).toBeVisible();
    await expect(page.getByText(t.settings.apps.none)).toBeVisible();
    await g.shot('settings-apps-signed-out');

    await openSection(page, t.settings.sections.delete);
    await expect(page.getByRole('button', { name: t.settings.delete.submit })).toBeVisible();
    await g.shot('settings-delete');

    // The mailed screens: stop the change (from the old address), a confirm link that fails, and one that works.
    const cancel = linkIn(await waitForMail(email, /./, 2), '/email-change/cancel');
    await page.goto(g.path(cancel));
    await expect(page.getByRole('heading', { level: 1, name: t.emailChange.cancelHeading })).toBeVisible();
    await g.shot('email-change-cancel');
    await page.goto(g.path('/email-change?token=no-such-token-0000'));
    await expect(page.getByRole('alert')).not.toBeEmpty();
    await g.shot('email-change-failed');
    await page.goto(g.path(linkIn(await waitForMail(next, /./), '/email-change')));
    await expect(page.getByText(formatMessage(t.emailChange.done, { email: next }, language))).toBeVisible();
    await g.shot('email-change-done');

    // A change asked for and then withdrawn from the settings: the address stays.
    await page.goto(g.path('/settings/email'));
    const third = email.replace('settings-', 'withdrawn-');
    await page.getByLabel(t.settings.email.new).fill(third);
    await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
    await page.getByRole('button', { name: t.settings.email.submit }).click();
    await page.getByRole('button', { name: t.settings.email.withdraw }).click();
    await expect(page.getByText(formatMessage(t.settings.email.withdrawn, { email: next }, language))).toBeVisible();
    await g.shot('settings-email-withdrawn');

    // Deleted: the goodbye.
    await page.goto(g.path('/settings/delete'));
    await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
    await page.getByRole('button', { name: t.settings.delete.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.settings.delete.doneHeading })).toBeVisible();
    await g.shot('settings-deleted');
    await laptop.close();
  });
});
