import deErrors from '../../../contract/src/messages/de.ts';
import de from '../../app/i18n/de.ts';
import { capture, createLicense, linkIn, stopClock, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

// The whole journey in German, with the German texts taken from the catalogue itself.
test('the whole journey in German: sign up, verify, password, skip, activate, sign out, sign in, reset', async ({ page }, testInfo) => {
  const email = uniqueEmail('reise', testInfo);
  const password = 'Leuchtturmwärter 1912';
  const signIn = () => page.getByRole('button', { name: de.login.submit, exact: true });

  await page.goto('/de/signup');
  await expect(page).toHaveTitle(`${de.titles.signup} | Gatehouse`);
  await page.getByLabel(de.common.email).fill(email);
  await page.getByLabel(/Datenschutzerklärung/).check();
  await page.getByRole('button', { name: de.signup.submit }).click();
  await expect(page.getByText(de.common.stepOf.replace('{step}', '1').replace('{total}', '4'))).toBeVisible();
  await expect(page.getByRole('heading', { name: de.inbox.heading })).toBeVisible();
  await capture(page, testInfo, 'signup-inbox-de');

  const mail = await waitForMail(email, /Bestätigen/);
  expect(mail.text).toContain('Guten Tag');
  await page.goto(linkIn(mail, '/activate-email'));
  // The link carries no language; the cookie the German pages set brings the visitor back to them.
  await expect(page).toHaveURL(/\/de\/signup-process$/);
  await page.getByLabel(de.common.password, { exact: true }).fill(password);
  await page.getByLabel(de.common.repeatPassword).fill(password);
  await capture(page, testInfo, 'signup-password-de');
  await page.getByRole('button', { name: de.setPassword.submit }).click();

  await expect(page.getByRole('heading', { name: de.profile.heading })).toBeVisible();
  await page.getByRole('button', { name: de.common.skip }).click();

  await expect(page.getByRole('heading', { name: de.activation.heading })).toBeVisible();
  await page.getByText(de.activation.standalone).click();
  await page.getByRole('textbox', { name: de.activation.keyLabel }).fill(await createLicense('pro'));
  await page.getByRole('button', { name: de.activation.activate }).click();
  await expect(page.getByText(de.activation.activated.replace('{plan}', 'Pro'))).toBeVisible();
  await capture(page, testInfo, 'signup-activated-de');
  await page.getByRole('button', { name: de.common.finish }).click();

  await expect(page).toHaveURL(/\/de$/);
  await expect(page.getByText(de.account.signedInAs.replace('{email}', email))).toBeVisible();
  await capture(page, testInfo, 'account-de');
  await page.getByRole('button', { name: de.account.signOut }).click();
  await expect(page).toHaveURL(/\/de\/login$/);

  await page.getByLabel(de.common.email).fill(email);
  await page.getByLabel(de.common.password, { exact: true }).fill('Falsches Passwort 1');
  await signIn().click();
  await expect(page.getByRole('alert')).toHaveText(deErrors['auth.invalid_credentials']);
  await page.getByLabel(de.common.password, { exact: true }).fill(password);
  await signIn().click();
  await expect(page.getByText(de.account.signedInAs.replace('{email}', email))).toBeVisible();
  await page.getByRole('button', { name: de.account.signOut }).click();

  await page.getByRole('link', { name: de.login.forgot }).click();
  await expect(page).toHaveTitle(`${de.titles.resetPassword} | Gatehouse`);
  await page.getByLabel(de.common.email).fill(email);
  await page.getByRole('button', { name: de.resetRequest.submit }).click();
  const resetMail = await waitForMail(email, /Passwort/);
  await page.clock.install();
  await page.goto(linkIn(resetMail, '/reset'));
  await expect(page).toHaveURL(/\/de\/reset\?token=/);
  await page.getByLabel(de.common.password, { exact: true }).fill('Neues Passwort 2026');
  await page.getByLabel(de.common.repeatPassword).fill('Neues Passwort 2026');
  // The success screen moves on after 5 s of the page's time, which the test moves on itself.
  await stopClock(page);
  await page.getByRole('button', { name: de.reset.submit }).click();
  await expect(page.getByRole('heading', { name: de.reset.successHeading })).toBeVisible();
  await capture(page, testInfo, 'reset-done-de', undefined, { stopped: true });
  // Five seconds of the page's time; then its clock runs again, for the navigation to finish.
  await page.clock.runFor(5000);
  await page.clock.resume();
  await expect(page).toHaveURL(/\/de\/login$/);
  await page.getByLabel(de.common.email).fill(email);
  await page.getByLabel(de.common.password, { exact: true }).fill('Neues Passwort 2026');
  await signIn().click();
  await expect(page.getByText(de.account.signedInAs.replace('{email}', email))).toBeVisible();
});
