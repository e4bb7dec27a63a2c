// Account settings, as a person uses them: every section for real (mails, a second browser,
// a download), in English and in German, with the texts taken from the catalogues.
import { readFileSync } from 'node:fs';
import { formatMessage, type Language } from '@gatehouse/contract';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import de from '../../app/i18n/de.ts';
import en, { type UiMessages } from '../../app/i18n/en.ts';
import { registerAccount } from '../support/accounts.ts';
import {
  capture,
  codeIn,
  finishProviderSignup,
  linkIn,
  providerUser,
  signInAtProvider,
  uniqueEmail,
  waitForMail,
} from '../support/helpers.ts';
import { analyticsUrl } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

const catalogues: Partial<Record<Language, UiMessages>> = { en, de };
let visitor = 0;

/** Signs a browser context in through the API (its cookie jar is the context's), from an address of its own. */
async function signedIn(context: BrowserContext, email: string, password: string): Promise<void> {
  visitor += 1;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}` });
  const answer = await context.request.post('/signin', { form: { email, password } });
  expect(answer.status()).toBe(200);
}

test('a refresh of the account that fails on the way keeps the person signed in on the settings page', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('settings-offline', testInfo);
  await registerAccount(page, email, 'Lighthouse keeper 1912');
  await signedIn(context, email, 'Lighthouse keeper 1912');
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { level: 2, name: en.settings.sections.profile })).toBeVisible();
  // The save goes through; the session checks after it (the client tries a GET twice) are lost on the way.
  let lost = 0;
  await page.route('**/session', (route) => {
    lost += 1;
    return route.abort('internetdisconnected');
  });
  await page.getByLabel(en.common.firstName).fill('Grace');
  await page.getByRole('button', { name: en.settings.profile.submit, exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(en.settings.saved);
  await expect.poll(() => lost, { message: 'the check and its one retry both lost' }).toBeGreaterThanOrEqual(2);
  await page.unroute('**/session');
  // Still signed in on the settings page: another section opens (signed out, the app would have gone to /login).
  const consents = page.getByRole('link', { name: en.settings.sections.consents });
  await expect(consents).toBeVisible();
  await consents.click();
  await expect(page.getByRole('heading', { level: 2, name: en.settings.sections.consents })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/consents$/);
  await page.goto('/settings/profile');
  await expect(page.getByLabel(en.common.firstName)).toHaveValue('Grace');
});

for (const language of ['en', 'de'] as const) {
  test(`settings in ${language}: name, consents, password, e-mail, sessions, download, deletion`, async ({
    page,
    context,
    browser,
  }, testInfo) => {
    const t = catalogues[language] as UiMessages;
    const f = (text: string, values: Record<string, string | number>) => formatMessage(text, values, language);
    const prefix = language === 'en' ? '' : `/${language}`;
    const email = uniqueEmail(`settings-${language}`, testInfo);
    let password = 'Lighthouse keeper 1912';
    await registerAccount(page, email, password);
    await signedIn(context, email, password);
    await context.request.put('/profile', { data: { locale: language, consent: true } });
    const other = await browser.newContext();
    await signedIn(other, email, password);
    const save = (name: string) => page.getByRole('button', { name, exact: true });

    // From the account page to the profile; the name shows at once.
    await page.goto(`${prefix}/`);
    await page.getByRole('link', { name: new RegExp(t.settings.sections.profile) }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/settings/profile$`));
    await expect(page.getByRole('heading', { level: 2, name: t.settings.sections.profile })).toBeVisible();
    await page.getByLabel(t.common.firstName).fill('Ada');
    await page.getByLabel(t.common.lastName).fill('Lovelace');
    await save(t.settings.profile.submit).click();
    await expect(page.getByRole('status')).toHaveText(t.settings.saved);

    // Marketing consent withdrawn: the ledger keeps the grant and the withdrawal.
    await page.getByRole('link', { name: t.settings.sections.consents }).click();
    await expect(page).toHaveTitle(new RegExp(t.settings.sections.consents));
    await page.getByLabel(t.settings.consents.marketing).uncheck();
    await save(t.settings.consents.submit).click();
    await expect(page.getByRole('status')).toHaveText(t.settings.saved);
    const ledger = page.locator('.ledger__entry', { hasText: t.settings.consents.kinds.marketing });
    // Newest first: withdrawn, given (on the account page before); the sign-up asked nothing of
    // it, so no refusal is recorded for it.
    await expect(ledger).toHaveCount(2);
    await expect(ledger.nth(0)).toContainText(t.settings.consents.revoked);
    await expect(ledger.nth(1)).toContainText(t.settings.consents.granted);
    await capture(page, testInfo, `settings-consents-${language}`);

    // Password: a wrong current one is refused; the change signs the other browser out and mails a notice.
    await page.getByRole('link', { name: t.settings.sections.password }).click();
    await page.getByLabel(t.settings.password.current).fill('Not the password');
    await page.getByLabel(t.settings.password.new, { exact: true }).fill('Lantern keeper 1913');
    await page.getByLabel(t.settings.password.repeatNew).fill('Lantern keeper 1913');
    await save(t.settings.password.submit).click();
    await expect(page.getByLabel(t.settings.password.current)).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(t.settings.password.current).fill(password);
    await save(t.settings.password.submit).click();
    await expect(page.getByRole('status')).toHaveText(t.settings.password.done);
    password = 'Lantern keeper 1913';
    expect(await (await other.request.get('/session')).json()).toEqual({ data: null });
    await waitForMail(email, language === 'en' ? /password was changed/ : /Passwort .* geändert/);

    // Sessions: a phone signs in; end it from here.
    const phone = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    await signedIn(phone, email, password);
    await page.getByRole('link', { name: t.settings.sections.sessions }).click();
    const device = f(t.settings.sessions.on, { browser: 'Safari 17', os: 'iOS 17.5' });
    await expect(page.getByText(device)).toBeVisible();
    await expect(page.getByText(t.settings.sessions.thisDevice)).toBeVisible();
    await capture(page, testInfo, `settings-sessions-${language}`);
    await page.getByRole('button', { name: f(t.settings.sessions.endLabel, { device }) }).click();
    await expect(page.getByRole('status')).toHaveText(t.settings.sessions.ended);
    await expect(page.getByText(device)).toHaveCount(0);
    expect(await (await phone.request.get('/session')).json()).toEqual({ data: null });

    // E-mail: changed only through the new address's link; the old one is told.
    const next = uniqueEmail(`moved-${language}`, testInfo);
    await page.getByRole('link', { name: t.settings.sections.email }).click();
    await page.getByLabel(t.settings.email.new).fill(next);
    await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
    await save(t.settings.email.submit).click();
    await expect(page.getByText(f(t.settings.email.pending, { email: next }))).toBeVisible();
    await waitForMail(email, language === 'en' ? /about to change/ : /soll geändert werden/);
    await page.goto(linkIn(await waitForMail(next, /./), '/email-change'));
    await expect(page.getByText(f(t.emailChange.done, { email: next }))).toBeVisible();
    await page.getByRole('link', { name: t.emailChange.toSettings }).click();
    await expect(page.getByText(f(t.settings.email.current, { email: next }))).toBeVisible();

    // Download my data: a JSON file with the account, the consent ledger and the sessions.
    await page.getByRole('link', { name: t.settings.sections.delete }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t.settings.data.download }).click();
    const file = JSON.parse(readFileSync(await (await downloading).path(), 'utf8'));
    expect(file.data.account).toMatchObject({ email: next, firstName: 'Ada', familyName: 'Lovelace' });
    expect(file.data.consents.length).toBeGreaterThanOrEqual(3);
    // Everything else stored about the person: the e-mail change (both addresses), its own team, no sign-on identity.
    expect(file.data.emailChanges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'new_address', address: next, by: 'link' }),
        expect.objectContaining({ kind: 'previous_address', address: email }),
      ]),
    );
    expect(file.data.teams.memberships).toEqual([expect.objectContaining({ role: 'owner', ownTeam: true })]);
    expect(file.data.teamInvitations).toEqual({ sent: [], received: [] });
    expect(file.data.singleSignOn).toEqual([]);

    // Delete: the password confirms; a goodbye, in the account's language, to the address.
    await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
    await page.getByRole('button', { name: t.settings.delete.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.settings.delete.doneHeading })).toBeVisible();
    await capture(page, testInfo, `settings-deleted-${language}`);
    await waitForMail(next, language === 'en' ? /has been deleted/ : /wurde gelöscht/);
    expect((await page.request.post('/signin', { form: { email: next, password } })).status()).toBe(401);
    await Promise.all([other.close(), phone.close()]);
  });
}

test('settings work with the keyboard alone, and a signed-out visit goes to sign-in', async ({ page, context }, testInfo) => {
  await page.goto('/settings/consents');
  await expect(page).toHaveURL(/\/login$/);
  const email = uniqueEmail('settings-keys', testInfo);
  await registerAccount(page, email, 'Keyboard only 2026');
  await signedIn(context, email, 'Keyboard only 2026');
  await page.goto('/settings/consents');
  const box = page.getByLabel(en.settings.consents.analytics);
  await expect(box).not.toBeChecked();
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: en.settings.consents.submit })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(en.settings.saved);
  await capture(page, testInfo, 'settings-consents-keyboard');
});

test('an account made with Google has no password: it sets one by mail, downloads its identity and deletes with a mailed code', async ({
  page,
}, testInfo) => {
  const t = en;
  const email = uniqueEmail('settings-sso', testInfo);
  const login = await providerUser('google', { email, verified: true, given: 'Sam', family: 'Single' });
  await page.goto('/signup');
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByRole('link', { name: 'Sign up with Google' }).click();
  await signInAtProvider(page, login);
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await finishProviderSignup(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Single' })).toBeVisible();

  // No password to type again: the password section offers the reset mail.
  await page.goto('/settings/password');
  await expect(page.getByText(t.settings.password.noPassword)).toBeVisible();
  await page.getByRole('button', { name: t.settings.password.sendLink }).click();
  await expect(page.getByText(formatMessage(t.settings.password.linkSent, { email }, 'en'))).toBeVisible();
  await waitForMail(email, /Reset your/);

  await page.getByRole('link', { name: t.settings.sections.delete }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.settings.data.download }).click();
  const file = JSON.parse(readFileSync(await (await downloading).path(), 'utf8'));
  expect(file.data.account.hasPassword).toBe(false);
  expect(file.data.singleSignOn).toEqual([expect.objectContaining({ provider: 'google', email })]);

  await page.getByRole('button', { name: t.settings.delete.sendCode }).click();
  await expect(page.getByText(formatMessage(t.settings.delete.codeSent, { email }, 'en'))).toBeVisible();
  const code = codeIn(await waitForMail(email, /delete your account/));
  await page.getByLabel(t.otp.label).fill(code === '111111' ? '222222' : '111111');
  await page.getByRole('button', { name: t.settings.delete.submit }).click();
  await expect(page.getByLabel(t.otp.label)).toHaveAttribute('aria-invalid', 'true');
  await capture(page, testInfo, 'settings-delete-code');
  await page.getByLabel(t.otp.label).fill(code);
  await page.getByRole('button', { name: t.settings.delete.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.settings.delete.doneHeading })).toBeVisible();
  await waitForMail(email, /has been deleted/);
});

/** Presses Tab until the element has the focus (at most 40 times): it is reachable by keyboard alone. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the whole account journey by keyboard: name, password, e-mail, sessions, download, deletion', async ({ page, context }, testInfo) => {
  const t = en;
  const email = uniqueEmail('settings-keyboard', testInfo);
  let password = 'Keyboard only 2026';
  await registerAccount(page, email, password);
  await signedIn(context, email, password);
  await page.goto('/');
  const key = (name: string) => page.keyboard.press(name);

  await tabTo(page, page.getByRole('link', { name: new RegExp(t.settings.sections.profile) }));
  await key('Enter');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await tabTo(page, page.getByLabel(t.common.firstName));
  await page.keyboard.type('Kay');
  await key('Enter');
  await expect(page.getByRole('status')).toHaveText(t.settings.saved);

  await tabTo(page, page.getByRole('link', { name: t.settings.sections.password }));
  await key('Enter');
  await tabTo(page, page.getByLabel(t.settings.password.current));
  await page.keyboard.type(password);
  await tabTo(page, page.getByLabel(t.settings.password.new, { exact: true }));
  await page.keyboard.type('Keys all the way 27');
  await tabTo(page, page.getByLabel(t.settings.password.repeatNew));
  await page.keyboard.type('Keys all the way 27');
  await key('Enter');
  await expect(page.getByRole('status')).toHaveText(t.settings.password.done);
  password = 'Keys all the way 27';

  await tabTo(page, page.getByRole('link', { name: t.settings.sections.email }));
  await key('Enter');
  const next = uniqueEmail('settings-keyboard-moved', testInfo);
  await tabTo(page, page.getByLabel(t.settings.email.new));
  await page.keyboard.type(next);
  await tabTo(page, page.getByRole('textbox', { name: t.common.password, exact: true }));
  await page.keyboard.type(password);
  await key('Enter');
  await expect(page.getByText(formatMessage(t.settings.email.pending, { email: next }, 'en'))).toBeVisible();

  await tabTo(page, page.getByRole('link', { name: t.settings.sections.sessions }));
  await key('Enter');
  await expect(page.getByText(t.settings.sessions.thisDevice)).toBeVisible();

  await tabTo(page, page.getByRole('link', { name: t.settings.sections.delete }));
  await key('Enter');
  await tabTo(page, page.getByRole('button', { name: t.settings.data.download }));
  const downloading = page.waitForEvent('download');
  await key('Enter');
  expect(JSON.parse(readFileSync(await (await downloading).path(), 'utf8')).data.account.firstName).toBe('Kay');
  await tabTo(page, page.getByRole('textbox', { name: t.common.password, exact: true }));
  await page.keyboard.type(password);
  await key('Enter');
  await expect(page.getByRole('heading', { level: 1, name: t.settings.delete.doneHeading })).toBeVisible();
  await waitForMail(email, /has been deleted/);
});

test('where analytics is configured, giving or withdrawing the consent sets the cookie the app reads', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('settings-analytics', testInfo);
  const password = 'Counting visitors 2026';
  const api = context.request;
  expect((await api.post(`${analyticsUrl}/user/signup`, { data: { email, dataProcessingConsent: true } })).status()).toBe(200);
  const token = new URL(linkIn(await waitForMail(email, /Confirm your email/), '/activate-email'), analyticsUrl).searchParams.get('token');
  const verified = (await (await api.post(`${analyticsUrl}/user/verify-email`, { data: { email, token } })).json()) as {
    data: { token: string };
  };
  expect((await api.post(`${analyticsUrl}/user/set-password`, { data: { email, password, token: verified.data.token } })).status()).toBe(
    200,
  );
  const consent = async () => (await context.cookies(analyticsUrl)).find((cookie) => cookie.name === 'analytics_consent')?.value;

  await page.goto(`${analyticsUrl}/settings/consents`);
  await page.getByLabel(en.settings.consents.analytics).check();
  await page.getByRole('button', { name: en.settings.consents.submit }).click();
  await expect(page.getByRole('status')).toHaveText(en.settings.saved);
  expect(await consent()).toBe('1');
  await page.getByLabel(en.settings.consents.analytics).uncheck();
  const saved = page.waitForResponse((response) => response.url().endsWith('/account/consents') && response.request().method() === 'PUT');
  await page.getByRole('button', { name: en.settings.consents.submit }).click();
  expect((await saved).status()).toBe(200);
  await expect.poll(consent).toBe('0');
});
