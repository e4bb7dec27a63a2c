// An invitation opened by someone whose account has two-factor on: the code screen comes between
// the password and the team, and leads back to the invitation's Join (decision 046).
import type { Browser, Page, TestInfo } from '@playwright/test';
import en from '../../app/i18n/en.ts';
import { registerAccount } from '../support/accounts.ts';
import { providerUser, signInAtProvider, uniqueEmail } from '../support/helpers.ts';
import { codeAfterEnrolment, enrolTwoFactorApi, inviteApi, signInApi } from '../support/teams.ts';
import { appStarted, expect, test } from '../support/test.ts';

const password = 'Invited with a code 2026';

/**
 * An owner and a member with two-factor on, the member invited to the owner's team; the page is
 * left signed out, at the invitation's link.
 */
async function invitedWithTwoFactor(page: Page, browser: Browser, testInfo: TestInfo, prefix: string) {
  const owner = uniqueEmail(`${prefix}-owner`, testInfo);
  const member = uniqueEmail(`${prefix}-member`, testInfo);
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  const secret = await enrolTwoFactorApi(browser, member, password);
  await signInApi(page.request, owner, password);
  const link = await inviteApi(page.request, member);
  await page.context().clearCookies();
  return { owner, member, secret, link };
}

test('signing in from an invitation with two-factor on: password, code, then Join', async ({ page, browser }, testInfo) => {
  const { member, secret, link } = await invitedWithTwoFactor(page, browser, testInfo, 'tfi');

  // The invitation's sign-in, as its screen links it for an address that has an account.
  await page.goto(link.replace('/signup?', '/login?'));
  await page.getByLabel(en.common.email).fill(member);
  await page.getByLabel(en.common.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.login.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.twoFactor.heading })).toBeVisible();
  await page.getByLabel(en.twoFactor.codeLabel).fill(codeAfterEnrolment(secret));
  await page.getByRole('button', { name: en.twoFactor.submit }).click();
  await page.getByRole('button', { name: en.invitation.join }).click();
  await expect(page.getByRole('region', { name: /^Team of /, exact: false }).first()).toBeVisible();
});

test('signing in with Google from an invitation with two-factor on: the code, then the team, joined', async ({
  page,
  browser,
}, testInfo) => {
  const owner = uniqueEmail('tfi-sso-owner', testInfo);
  const member = uniqueEmail('tfi-sso-member', testInfo);
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  const login = await providerUser('google', { email: member, verified: true, given: 'Mia' });

  const secret = await enrolTwoFactorApi(browser, member, password);

  await signInApi(page.request, owner, password);
  const link = await inviteApi(page.request, member);
  await page.context().clearCookies();

  await page.goto(link.replace('/signup?', '/login?'));
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, login);
  await expect(page.getByRole('heading', { level: 1, name: en.twoFactor.heading })).toBeVisible();
  // Arrived by the provider's redirect, not by goto: the code is typed once the app runs.
  await appStarted(page);
  await page.getByLabel(en.twoFactor.codeLabel).fill(codeAfterEnrolment(secret));
  await page.getByRole('button', { name: en.twoFactor.submit }).click();
  await expect(page.getByRole('region', { name: `Team of ${owner.split('@')[0]}` }).getByText(member)).toBeVisible();
});

test('an invitation the server cannot show for a moment is kept through the code, and shows when asked again', async ({
  page,
  browser,
}, testInfo) => {
  const { owner, member, secret, link } = await invitedWithTwoFactor(page, browser, testInfo, 'tfi-kept');

  // The invitation's lookup refused as the server's per-IP limit refuses it (the client's own
  // second try included), until the test lets it through.
  let refusing = true;
  await page.route(
    (url) => /^\/invitations\/[^/]+$/.test(url.pathname),
    (route) =>
      refusing && route.request().method() === 'GET'
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            headers: { 'retry-after': '60' },
            body: JSON.stringify({ error: 'Too many attempts. Please wait a moment and try again', code: 'rate.limited' }),
          })
        : route.fallback(),
  );
  const unavailable = page.getByRole('alert').filter({ hasText: en.invitation.notShown });

  await page.goto(link.replace('/signup?', '/login?'));
  await expect(unavailable).toContainText('Too many attempts');
  await page.getByLabel(en.common.email).fill(member);
  await page.getByLabel(en.common.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.login.submit, exact: true }).click();
  await page.getByLabel(en.twoFactor.codeLabel).fill(codeAfterEnrolment(secret));
  await page.getByRole('button', { name: en.twoFactor.submit }).click();

  // Signed in, back on the invitation, which still cannot be shown: it is there to ask for again.
  await expect(page.getByRole('heading', { level: 1, name: en.invitation.joinHeading })).toBeVisible();
  await expect(unavailable).toBeVisible();
  refusing = false;
  await page.getByRole('button', { name: en.invitation.show }).click();
  await page.getByRole('button', { name: en.invitation.join }).click();
  await expect(page.getByRole('region', { name: `Team of ${owner.split('@')[0]}` }).getByText(member)).toBeVisible();
});
