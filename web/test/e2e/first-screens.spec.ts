// Issue 33's first screens, once, in English on a desktop: two-factor set up with the link that
// opens the app and the key to copy, settings that open at their section, an error said once,
// support offered when locked out, the small things of a team's account page, a used reset link.
// Their states (states/phone.ts) are checked in every language and on a phone by states.spec.ts;
// what a phone alone does is in phone-first-screens.spec.ts.

import { passes } from '../states/passes.ts';
import { liveResetLink, registerAccount } from '../support/accounts.ts';
import { catalogues } from '../support/gallery.ts';
import { createLicense, uniqueEmail } from '../support/helpers.ts';
import { inviteApi, signInApi, tokenOf } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const password = 'Phone first 2026 amber';
const t = catalogues.en;

test('two-factor set-up: the link that opens the app, the key to copy, a status under way; then settings at their section', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('first-2fa', testInfo);
  await registerAccount(page, email, password);
  await signInApi(page.request, email, password);

  await page.goto('/settings/two-factor');
  await expect(page.getByText(t.settings.twoFactor.statusOff)).toBeVisible();
  await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
  await page.getByRole('button', { name: t.settings.twoFactor.start }).click();
  await passes(page, 'settings-two-factor-set-up');
  const secret = (await page.locator('.two-factor-secret').textContent())?.replace(/\s/g, '') ?? '';

  await page.getByRole('button', { name: t.settings.twoFactor.copyKey }).click();
  await passes(page, 'settings-two-factor-key-copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.getByRole('button', { name: t.settings.twoFactor.cancel }).click();
  await expect(page.getByText(t.settings.twoFactor.statusOff)).toBeVisible();

  await page.goto('/settings/password');
  await passes(page, 'settings-desktop-section');
});

test('an error is said once at the sign-in, and the code screen offers support to whoever is locked out', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(t.common.email).fill('not-an-address');
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
  await passes(page, 'login-errors-once');

  await page.goto('/login/two-factor');
  await passes(page, 'two-factor-locked-out');
});

test('the small things: Rename and Change beside what they change, initials from the address, the team’s license once', async ({
  page,
  browser,
}, testInfo) => {
  const id = Date.now().toString(36);
  const member = `grace.hopper+${id}@example.com`;
  const owner = uniqueEmail('first-owner', testInfo);
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  expect((await page.request.patch('/team', { data: { requireTwoFactor: true, graceDays: 14 } })).status()).toBe(200);
  const token = tokenOf(await inviteApi(page.request, member));
  await page.goto('/');
  await passes(page, 'team-owner-heads');

  const memberContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const memberPage = await memberContext.newPage();
  try {
    await signInApi(memberPage.request, member, password);
    expect((await memberPage.request.post(`/invitations/${token}/accept`)).status()).toBe(200);
    await memberPage.goto('/');
    await passes(memberPage, 'account-member-license-once');
  } finally {
    await memberContext.close();
  }
});

test('a used reset link says so in its heading, with a full sentence and the way on', async ({ page }, testInfo) => {
  const email = uniqueEmail('first-reset-used', testInfo);
  const link = await liveResetLink(page, email);
  const token = new URL(link, 'http://x').searchParams.get('token');
  expect((await page.request.post('/user/password-reset', { data: { token, password: 'After the reset 2026' } })).status()).toBe(200);
  await page.goto(link);
  await passes(page, 'reset-link-used');
});
