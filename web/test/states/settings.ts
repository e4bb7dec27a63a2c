// The account settings, and the screens of the mailed links of an address change.
import { formatMessage } from '@gatehouse/contract';
import { expect, type Page } from '@playwright/test';
import { fixtureNames, type State } from '../support/states.ts';

const section = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
// A passkey as the settings name one they store: after the browser and the system it was made on.
const passkey = 'Chrome, Windows';

export const settingsStates = {
  'account-with-settings': {
    account: {},
    path: '/',
    shows: async ({ page, language }) => {
      const [first, last] = fixtureNames[language];
      await expect(page.getByRole('heading', { level: 1, name: `${first} ${last}` })).toBeVisible();
    },
  },
  'settings-profile': {
    account: {},
    path: '/settings/profile',
    shows: async ({ page, t, language }) => {
      await expect(section(page, t.settings.sections.profile)).toBeVisible();
      await expect(page.getByLabel(t.common.firstName, { exact: true })).toHaveValue(fixtureNames[language][0]);
    },
  },
  // Consents given and withdrawn, and none recorded that nobody gave.
  'settings-consents': {
    account: { consentHistory: true },
    path: '/settings/consents',
    shows: async ({ page, t }) => {
      await expect(section(page, t.settings.sections.consents)).toBeVisible();
      await expect(page.locator('.ledger__entry')).toHaveCount(4);
    },
  },
  'settings-password-errors': {
    account: {},
    path: '/settings/password',
    act: async ({ page, t }) => {
      await page.getByLabel(t.settings.password.current).fill('Not the password');
      await page.getByLabel(t.settings.password.new, { exact: true }).fill('short');
      await page.getByRole('button', { name: t.settings.password.submit }).click();
    },
    shows: async ({ page, t }) => {
      await expect(section(page, t.settings.sections.password)).toBeVisible();
      await expect(page.getByLabel(t.settings.password.new, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    },
  },
  // None yet, and the password asked before the browser's dialog.
  'settings-passkeys-confirm': {
    account: {},
    path: '/settings/passkeys',
    act: async ({ page, t }) => page.getByRole('button', { name: t.settings.passkeys.add }).click(),
    shows: async ({ page, t }) => {
      await expect(page.getByText(t.settings.passkeys.none)).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.common.password, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t.settings.passkeys.create })).toBeVisible();
    },
  },
  'settings-passkeys': {
    account: { passkey },
    path: '/settings/passkeys',
    shows: async ({ page }) => {
      await expect(page.locator('.passkey')).toHaveCount(1);
      await expect(page.locator('.passkey__actions')).toBeVisible();
    },
  },
  // Removing one asks on its row: what follows, and the password.
  'settings-passkeys-remove': {
    account: { passkey },
    path: '/settings/passkeys',
    act: async ({ page, t }) => page.locator('.passkey__actions').getByText(t.settings.passkeys.remove, { exact: true }).click(),
    shows: async ({ page, t }) => {
      await expect(page.locator('.passkey')).toHaveCount(1);
      await expect(page.getByRole('button', { name: t.settings.passkeys.removeSubmit })).toBeVisible();
    },
  },
  'settings-email': {
    account: {},
    path: '/settings/email',
    shows: async ({ page, t }) => {
      await expect(section(page, t.settings.sections.email)).toBeVisible();
      await expect(page.getByLabel(t.settings.email.new)).toBeVisible();
    },
  },
  'settings-email-pending': {
    account: { pendingEmail: true },
    path: '/settings/email',
    shows: async ({ page, t, language, made }) => {
      await expect(page.getByText(formatMessage(t.settings.email.pending, { email: made?.pendingEmail ?? '' }, language))).toBeVisible();
      await expect(page.getByRole('button', { name: t.settings.email.withdraw })).toBeVisible();
    },
  },
  // This browser and another one.
  'settings-sessions': {
    account: { otherDevice: true },
    path: '/settings/sessions',
    shows: async ({ page, t }) => {
      await expect(page.getByText(t.settings.sessions.thisDevice)).toBeVisible();
      await expect(page.locator('.device')).toHaveCount(2);
    },
  },
  // Signed in to the operator's app (the reference dashboard) with this session.
  'settings-apps': {
    account: { connectedApp: true },
    path: '/settings/apps',
    shows: async ({ page, t, language }) => {
      const app = page.locator('.device', { hasText: 'Monitoring dashboard' });
      await expect(app).toBeVisible();
      await expect(
        app.getByRole('button', { name: formatMessage(t.settings.apps.endLabel, { app: 'Monitoring dashboard' }, language) }),
      ).toBeVisible();
    },
  },
  'settings-apps-signed-out': {
    account: { connectedApp: true },
    path: '/settings/apps',
    act: async ({ page, t, language }) =>
      page
        .locator('.device', { hasText: 'Monitoring dashboard' })
        .getByRole('button', { name: formatMessage(t.settings.apps.endLabel, { app: 'Monitoring dashboard' }, language) })
        .click(),
    shows: async ({ page, t, language }) => {
      await expect(page.getByText(formatMessage(t.settings.apps.ended, { app: 'Monitoring dashboard' }, language))).toBeVisible();
      await expect(page.getByText(t.settings.apps.none)).toBeVisible();
    },
  },
  'settings-delete': {
    account: {},
    path: '/settings/delete',
    shows: async ({ page, t }) => expect(page.getByRole('button', { name: t.settings.delete.submit })).toBeVisible(),
  },
  // The old address's "this was not me" link, before the person stops the change.
  'email-change-cancel': {
    account: { pendingEmail: true },
    path: ({ made }) => made?.links?.cancel ?? '',
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.emailChange.cancelHeading);
      await expect(page.getByRole('button', { name: t.emailChange.cancelSubmit })).toBeVisible();
    },
  },
  // Stopped after a passkey and an authenticator were added since the request: the screen names
  // both as gone with the password, and where the reset link went.
  'email-change-cancelled': {
    account: { pendingEmail: true, passkey, twoFactor: true },
    path: ({ made }) => made?.links?.cancel ?? '',
    act: async ({ page, t }) => page.getByRole('button', { name: t.emailChange.cancelSubmit }).click(),
    shows: async ({ page, t, language }) => {
      await expect(page.getByText(t.emailChange.cancelled)).toBeVisible();
      const removed = new Intl.ListFormat(language, { type: 'conjunction' }).format([
        t.emailChange.removedKinds.passkey,
        t.emailChange.removedKinds.authenticator,
      ]);
      await expect(page.getByText(formatMessage(t.emailChange.removedSince, { removed }, language))).toBeVisible();
      await expect(page.getByRole('link', { name: t.emailChange.resetPassword })).toBeVisible();
    },
  },
  'email-change-failed': {
    account: {},
    path: '/email-change?token=no-such-token-0000',
    shows: async ({ page }) => expect(page.getByRole('alert')).not.toBeEmpty(),
  },
  'email-change-done': {
    account: { pendingEmail: true },
    path: ({ made }) => made?.links?.confirm ?? '',
    shows: async ({ page, t, language, made }) =>
      expect(page.getByText(formatMessage(t.emailChange.done, { email: made?.pendingEmail ?? '' }, language))).toBeVisible(),
  },
  // A change asked for, then withdrawn from the settings: the address stays.
  'settings-email-withdrawn': {
    account: { pendingEmail: true },
    path: '/settings/email',
    act: async ({ page, t }) => page.getByRole('button', { name: t.settings.email.withdraw }).click(),
    shows: async ({ page, t, language, made }) =>
      expect(page.getByText(formatMessage(t.settings.email.withdrawn, { email: made?.email ?? '' }, language))).toBeVisible(),
  },
  // Deleted: the goodbye.
  'settings-deleted': {
    account: {},
    path: '/settings/delete',
    act: async ({ page, t, made }) => {
      await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(made?.password ?? '');
      await page.getByRole('button', { name: t.settings.delete.submit }).click();
    },
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.settings.delete.doneHeading),
  },
} satisfies Record<string, State>;
