// "This was not me" from the notice to the old address, in every language: the screen says what
// ended (sessions, the password, connections added since) and where the reset link went.
import { type Language, languages } from '@gatehouse/contract';
import { registerAccount } from '../support/accounts.ts';
import { catalogues, gallery } from '../support/gallery.ts';
import { linkIn, waitForMail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

const checkedWithAxe: Record<string, Set<Language>> = { desktop: new Set(['en', 'ja']), phone: new Set(['en']) };

test.describe.configure({ mode: 'parallel', timeout: 90_000 });

languages.forEach((language, index) => {
  test(`"this was not me" in ${language}`, async ({ page, context }, testInfo) => {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const project = testInfo.project.name === 'phone' ? 2 : 1;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${project + 10}.${index + 10}` });
    const email = `not-me-${language}-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
    const password = 'Lighthouse keeper 1912';
    await registerAccount(page, email, password);
    expect((await context.request.post('/signin', { form: { email, password } })).status()).toBe(200);
    await context.request.put('/profile', { data: { locale: language } });
    const moved = await context.request.post('/account/email', { data: { email: `moved-${email}`, password } });
    expect(moved.status()).toBe(200);
    const cancel = linkIn(await waitForMail(email, /./, 2), '/email-change/cancel');

    await page.goto(g.path(cancel));
    await page.getByRole('button', { name: t.emailChange.cancelSubmit }).click();
    await expect(page.getByText(t.emailChange.cancelled)).toBeVisible();
    await expect(page.getByRole('link', { name: t.emailChange.resetPassword })).toBeVisible();
    await g.shot('email-change-cancelled');
    expect((await context.request.get('/session')).status()).toBe(200);
    expect(((await (await context.request.get('/session')).json()) as { data: unknown }).data).toBeNull();
    await waitForMail(email, /./, 3);
  });
});
