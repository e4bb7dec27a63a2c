// "This was not me" from the notice to the old address, in every language: the screen says what
// ended (sessions, the password, and by name the ways in added since the request) and where the
// reset link went.
import { formatMessage, type Language, languages } from '@gatehouse/contract';
import { registerAccount } from '../support/accounts.ts';
import { catalogues, gallery } from '../support/gallery.ts';
import { linkIn, waitForMail } from '../support/helpers.ts';
import { addPasskeyApi } from '../support/passkeys.ts';
import { enrolTwoFactorApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const checkedWithAxe: Record<string, Set<Language>> = { desktop: new Set(['en', 'ja']), phone: new Set(['en']) };

test.describe.configure({ mode: 'parallel', timeout: 90_000 });

languages.forEach((language, index) => {
  test(`"this was not me" in ${language}`, async ({ page, context, browser }, testInfo) => {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const project = testInfo.project.name === 'phone' ? 2 : 1;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${project + 10}.${index + 10}` });
    const email = `not-me-${language}-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
    const password = 'Lighthouse keeper 1912';
    await registerAccount(page, email, password);
    expect((await context.request.post('/signin', { form: { email, password } })).status()).toBe(200);
    await context.request.put('/profile', { data: { locale: language } });
    const moved = await context.request.post('/account/email', { data: { email: `moved-${email}`, currentPassword: password } });
    expect(moved.status()).toBe(200);
    const cancel = linkIn(await waitForMail(email, /./, 2), '/email-change/cancel');
    // Whoever asked for the change then added a passkey and an authenticator: both go with the password.
    await addPasskeyApi(context.request, password);
    await enrolTwoFactorApi(browser, email, password);

    await page.goto(g.path(cancel));
    await page.getByRole('button', { name: t.emailChange.cancelSubmit }).click();
    await expect(page.getByText(t.emailChange.cancelled)).toBeVisible();
    const removed = new Intl.ListFormat(language, { type: 'conjunction' }).format([
      t.emailChange.removedKinds.passkey,
      t.emailChange.removedKinds.authenticator,
    ]);
    const sentence = formatMessage(t.emailChange.removedSince, { removed }, language);
    if (language === 'en') {
      expect(sentence).toBe(
        'Also removed, because they were added since the request: passkeys and the authenticator app with its recovery codes.',
      );
    }
    await expect(page.getByText(sentence)).toBeVisible();
    await expect(page.getByRole('link', { name: t.emailChange.resetPassword })).toBeVisible();
    await g.shot('email-change-cancelled');
    expect((await context.request.get('/session')).status()).toBe(200);
    expect(((await (await context.request.get('/session')).json()) as { data: unknown }).data).toBeNull();
    // The fifth mail, after the verification, the notice with this link and the passkey's and the authenticator's notices: the reset link.
    await waitForMail(email, /./, 5);
  });
});
