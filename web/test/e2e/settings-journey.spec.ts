// The account settings walked through once, in English on the desktop: an account with a
// history (consents given and withdrawn, a second device), each section, a passkey added with
// the browser's authenticator, an address change and its mailed links, an app signed in to
// through the reference dashboard and signed out of, and the deletion. Each screen it passes is a
// named state (states/settings.ts), which states.spec.ts checks in the other languages.
import { formatMessage } from '@gatehouse/contract';
import type { Page } from '@playwright/test';
import { passes } from '../states/passes.ts';
import { catalogues, names } from '../support/gallery.ts';
import { linkIn, waitForMail } from '../support/helpers.ts';
import { virtualAuthenticator } from '../support/passkeys.ts';
import { dashboardUrl } from '../support/ports.ts';
import { accountFixture } from '../support/states.ts';
import { expect, test } from '../support/test.ts';

const t = catalogues.en;
const section = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('the account settings, from the profile to the deletion', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '198.19.1.10' });
  const email = `settings-${Date.now().toString(36)}@example.com`;
  const made = await accountFixture(context, email, { names: names.en, consentHistory: true, otherDevice: true });
  const { password } = made;
  const [first] = names.en;

  await virtualAuthenticator(page, { synced: true });
  await page.goto('/');
  await passes(page, 'account-with-settings');

  await page.goto('/settings/profile');
  await expect(page.getByLabel(t.common.firstName, { exact: true })).toHaveValue(first);
  await passes(page, 'settings-profile');

  await page.getByRole('link', { name: t.settings.sections.consents }).click();
  await passes(page, 'settings-consents');

  await page.getByRole('link', { name: t.settings.sections.password }).click();
  await expect(section(page, t.settings.sections.password)).toBeVisible();
  await page.getByLabel(t.settings.password.current).fill('Not the password');
  await page.getByLabel(t.settings.password.new, { exact: true }).fill('short');
  await page.getByRole('button', { name: t.settings.password.submit }).click();
  await passes(page, 'settings-password-errors');

  // Passkeys: none yet and the password asked first, then the one added (a synced one).
  await page.getByRole('link', { name: t.settings.sections.passkeys }).click();
  await expect(page.getByText(t.settings.passkeys.none)).toBeVisible();
  await page.getByRole('button', { name: t.settings.passkeys.add }).click();
  await passes(page, 'settings-passkeys-confirm');
  await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
  await page.getByRole('button', { name: t.settings.passkeys.create }).click();
  await expect(page.getByText(t.settings.passkeys.added)).toBeVisible();
  await passes(page, 'settings-passkeys');
  // Removing it asks on its row: what follows, and the password.
  await page.locator('.passkey__actions').getByText(t.settings.passkeys.remove, { exact: true }).click();
  await passes(page, 'settings-passkeys-remove');
  await page.getByRole('button', { name: t.settings.passkeys.cancel }).click();
  await expect(page.locator('.passkey__actions')).toBeVisible();

  await page.getByRole('link', { name: t.settings.sections.email }).click();
  await passes(page, 'settings-email');
  const next = email.replace('settings-', 'moved-');
  await page.getByLabel(t.settings.email.new).fill(next);
  await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
  await page.getByRole('button', { name: t.settings.email.submit }).click();
  await passes(page, 'settings-email-pending', { made: { ...made, pendingEmail: next } });

  await page.getByRole('link', { name: t.settings.sections.sessions }).click();
  await passes(page, 'settings-sessions');

  // Signed in to the reference dashboard with this session: the app is listed, then signed out of.
  await page.goto(dashboardUrl);
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await expect(page).toHaveURL(`${dashboardUrl}/`);
  await page.goto('/settings/apps');
  await passes(page, 'settings-apps');
  await page
    .locator('.device', { hasText: 'Monitoring dashboard' })
    .getByRole('button', { name: formatMessage(t.settings.apps.endLabel, { app: 'Monitoring dashboard' }, 'en') })
    .click();
  await passes(page, 'settings-apps-signed-out');

  await page.getByRole('link', { name: t.settings.sections.delete }).click();
  await passes(page, 'settings-delete');

  // The mailed screens: stop the change (from the old address), a confirm link that fails, and one that works.
  const cancel = linkIn(await waitForMail(email, /is about to change/), '/email-change/cancel');
  await page.goto(cancel);
  await passes(page, 'email-change-cancel');
  await page.goto('/email-change?token=no-such-token-0000');
  await passes(page, 'email-change-failed');
  await page.goto(linkIn(await waitForMail(next, /./), '/email-change'));
  await passes(page, 'email-change-done', { made: { ...made, pendingEmail: next } });

  // A change asked for and then withdrawn from the settings: the address stays.
  await page.goto('/settings/email');
  const third = email.replace('settings-', 'withdrawn-');
  await page.getByLabel(t.settings.email.new).fill(third);
  await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
  await page.getByRole('button', { name: t.settings.email.submit }).click();
  await page.getByRole('button', { name: t.settings.email.withdraw }).click();
  await passes(page, 'settings-email-withdrawn', { made: { ...made, email: next } });

  // Deleted: the goodbye.
  await page.goto('/settings/delete');
  await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
  await page.getByRole('button', { name: t.settings.delete.submit }).click();
  await passes(page, 'settings-deleted');
});
