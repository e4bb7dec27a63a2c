// The standalone journey, once, in English, on the desktop: sign-up with the mailed link in
// another tab and on another device, the account, sign-in, redeem, a reset and the failures on
// the way. It names the states it passes (states/), which states.spec.ts checks in every language.
import type { Page } from '@playwright/test';
import { passes } from '../states/passes.ts';
import { catalogues, names } from '../support/gallery.ts';
import { connectIdentity, createLicense, linkIn, stopClock, waitForMail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

const submit = (page: Page) => page.locator('form button[type="submit"]').first();
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

// A deadline for a hang: the journey takes about a minute, several on a busy machine.
test.describe.configure({ timeout: 480_000 });

test('the standalone journey passes every screen of its states', async ({ page, context, browser }) => {
  const t = catalogues.en;
  const email = `journey-${Date.now().toString(36)}@example.com`;
  const password = 'Lighthouse keeper 1912';

  // Sign-up: empty, with errors, then the inbox step.
  await page.goto('/signup');
  await expect(heading(page)).toHaveText(t.signup.heading);
  await passes(page, 'signup');
  await submit(page).click();
  await expect(page.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await passes(page, 'signup-errors');
  // The consent comes first for Google and Microsoft too.
  await page.locator('a[data-provider="google"]').click();
  await expect(page.locator('input[name="dataProcessingConsent"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('input[name="email"]')).not.toHaveAttribute('aria-invalid', 'true');
  await passes(page, 'signup-sso-consent');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="dataProcessingConsent"]').check();
  await submit(page).click();
  await expect(heading(page)).toHaveText(t.inbox.heading);
  await expect(page.getByText(t.common.stepOf.replace('{step}', '1').replace('{total}', '4'))).toBeVisible();
  await passes(page, 'signup-inbox');

  // The mailed link, opened in another tab as mail clients do: held a moment to show the check.
  const link = linkIn(await waitForMail(email, /./), '/activate-email');
  const linkTab = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await linkTab.route('**/user/verify-email', async (route) => {
    await held;
    await route.continue();
  });
  await linkTab.goto(link);
  await expect(linkTab.getByText(t.verify.checking)).toBeVisible();
  await passes(linkTab, 'activate-email-checking');
  release();
  await expect(heading(linkTab)).toHaveText(t.setPassword.heading);
  // The first tab says so; with the link's tab closed, it goes on by itself.
  await expect(heading(page)).toHaveText(t.inbox.confirmedHeading);
  await passes(page, 'signup-inbox-confirmed');
  await linkTab.close();
  await page.getByRole('button', { name: t.inbox.continueHere }).click();
  await expect(heading(page)).toHaveText(t.setPassword.heading);
  await passes(page, 'signup-password');
  await page.locator('input[name="password"]').fill('short');
  await submit(page).click();
  await expect(page.locator('input[name="password"]')).toHaveAttribute('aria-invalid', 'true');
  await passes(page, 'signup-password-error');
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="repeatPassword"]').fill(password);
  await submit(page).click();

  // Additional information, saved.
  await expect(heading(page)).toHaveText(t.profile.heading);
  await passes(page, 'signup-profile');
  const [first, last] = names.en;
  await page.locator('input[name="firstName"]').fill(first);
  await page.locator('input[name="familyName"]').fill(last);
  await submit(page).click();

  // License activation: it opens on the key; through a panel; with the key, activated; then Finish.
  await expect(heading(page)).toHaveText(t.activation.heading);
  await expect(page.locator('input[value="standalone"]')).toBeChecked();
  await expect(page.locator('input[name="license"]')).toBeVisible();
  await passes(page, 'signup-activation-standalone');
  await page.locator('input[value="platform"]').check();
  await expect(page.locator('input[name="license"]')).toHaveCount(0);
  await passes(page, 'signup-activation-platform');
  await page.locator('input[value="standalone"]').check();
  await page.locator('input[name="license"]').fill(await createLicense('business'));
  await submit(page).click();
  await expect(page.getByText(t.activation.activated.replace('{plan}', t.plans.business))).toBeVisible();
  await passes(page, 'signup-activation-done');
  await page.getByRole('button', { name: t.common.finish }).click();
  await expect(heading(page)).toHaveText(`${first} ${last}`);
  await passes(page, 'account');
  // Google connected (as another address), Microsoft not yet.
  await connectIdentity('google', email, `work.${Date.now().toString(36)}@example.com`);
  await page.reload();
  await expect(page.getByRole('button', { name: t.connected.disconnect })).toBeVisible();
  await passes(page, 'account-connected');

  // Redeem signed in, then sign out.
  await page.goto(`/redeem/${await createLicense('enterprise')}`);
  await expect(page.getByRole('button', { name: t.redeem.activate })).toBeVisible();
  await passes(page, 'redeem-signed-in');
  // Sign-up and sign-in opened while signed in: who, Continue, Switch account.
  await page.goto('/signup');
  await expect(heading(page)).toHaveText(t.signedIn.heading);
  // The sign-up is done: nothing left to set up, so the screen says so.
  await expect(page.getByText(t.signedIn.signupDoneIntro)).toBeVisible();
  await passes(page, 'signup-signed-in');
  await page.goto('/login');
  await expect(heading(page)).toHaveText(t.signedIn.heading);
  await passes(page, 'login-signed-in');
  await page.goto('/');
  await page.getByRole('button', { name: t.account.signOut }).click();

  // Sign-in, and a wrong password.
  await expect(heading(page)).toHaveText(t.login.heading);
  await passes(page, 'login');
  // Keyboard focus, as a keyboard user sees it: from "Forgot password?" on to the button.
  await page.locator('form a[href$="/reset-password"]').focus();
  await page.keyboard.press('Tab');
  await expect(submit(page)).toBeFocused();
  await passes(page, 'login-focus');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('Not the password');
  await submit(page).click();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await passes(page, 'login-error');
  // An address the provider does not vouch for, refused in the person's language.
  await page.goto('/login?error=sso.email_unverified');
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await passes(page, 'login-sso-refused');

  // Redeem signed out: a plan, and an unknown key.
  await page.goto(`/redeem/${await createLicense('pro')}`);
  await expect(page.getByRole('link', { name: t.redeem.signIn })).toBeVisible();
  await passes(page, 'redeem');
  await page.goto('/redeem/GH-0000-0000-0000-0000');
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await passes(page, 'redeem-unknown');

  // Forgot password, sent, the reset form, a used or wrong link, success with the countdown.
  await page.goto('/reset-password');
  await expect(heading(page)).toHaveText(t.resetRequest.heading);
  await passes(page, 'reset-password');
  await page.locator('input[name="email"]').fill(email);
  await submit(page).click();
  await expect(heading(page)).toHaveText(t.resetRequest.sentHeading);
  await passes(page, 'reset-password-sent');
  const resetLink = linkIn(await waitForMail(email, /./, 2), '/reset');
  // A link nobody mailed says so when it opens, with the way to a new one.
  await page.goto('/reset?token=no-such-token');
  await expect(heading(page)).toHaveText(t.reset.deadHeading);
  await expect(page.getByRole('link', { name: t.reset.requestNew })).toBeVisible();
  await passes(page, 'reset-error');
  // The success screen moves on after 5 s: its clock stands still while it is checked and shot.
  await page.clock.install();
  await page.goto(resetLink);
  await expect(heading(page)).toHaveText(t.reset.heading);
  await passes(page, 'reset');
  await page.locator('input[name="password"]').fill('New password here');
  await page.locator('input[name="repeatPassword"]').fill('New password here');
  await stopClock(page);
  await submit(page).click();
  await expect(heading(page)).toHaveText(t.reset.successHeading);
  await passes(page, 'reset-success');
  await page.clock.resume();
  // The same link again: used, with sign-in and a new link offered.
  await page.goto(resetLink);
  await expect(page.getByRole('link', { name: t.reset.requestNew })).toBeVisible();
  await expect(page.locator('input[name="password"]')).toHaveCount(0);
  await passes(page, 'reset-link-used');
  // The verification link again, for an account that is set up: sign in.
  await page.goto(link);
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: t.login.submit })).toBeVisible();
  await passes(page, 'activate-email-used');

  // A link that fails, an unknown page, and a fatal error (a render that
  // fails on damaged sign-up data in the session storage).
  await page.goto('/activate-email?token=no-such-token&email=nobody%40example.com');
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await passes(page, 'activate-email-failed');
  // A sign-up finished on another device: the waiting tab learns it from the server.
  const second = `journey-phone-${Date.now().toString(36)}@example.com`;
  await page.goto('/signup');
  await page.locator('input[name="email"]').fill(second);
  await page.locator('input[name="dataProcessingConsent"]').check();
  await submit(page).click();
  await expect(heading(page)).toHaveText(t.inbox.heading);
  const phone = await browser.newContext();
  try {
    const device = await phone.newPage();
    await device.goto(linkIn(await waitForMail(second, /./), '/activate-email'));
    await expect(heading(device)).toHaveText(t.setPassword.heading);
    // The tab asks less and less often (up to every 30 s): deadlines for a hang only.
    await expect(page.getByText(t.inbox.awayIntro.replace('{email}', second))).toBeVisible({ timeout: 60_000 });
    await passes(page, 'signup-inbox-other-device');
    await device.locator('input[name="password"]').fill(password);
    await device.locator('input[name="repeatPassword"]').fill(password);
    await submit(device).click();
    await expect(heading(device)).toHaveText(t.profile.heading);
    await expect(heading(page)).toHaveText(t.inbox.readyHeading, { timeout: 60_000 });
    await passes(page, 'signup-inbox-ready');
  } finally {
    await phone.close();
  }

  await page.goto('/no/such/page');
  await expect(heading(page)).toHaveText(t.titles.notFound);
  await passes(page, 'not-found');
  await page.evaluate(() => {
    sessionStorage.setItem('gatehouse-signup', JSON.stringify({ state: { email: { damaged: true } }, version: 0 }));
    sessionStorage.setItem('gatehouse-signupBase', JSON.stringify({ state: { currentStep: 1, maxSteps: 4 }, version: 0 }));
  });
  await page.goto('/signup-process');
  await expect(heading(page)).toHaveText(t.titles.error);
  await passes(page, 'error');
});
