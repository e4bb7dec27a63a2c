// Two-factor authentication: turning it on in the settings (the QR code, the recovery codes, on),
// and the sign-in's second step (the code, a wrong one, a recovery code, a sign-in that ended).
import { expect, type Page } from '@playwright/test';
import { totpAt } from '../../../server/test/support/totp.ts';
import type { State, StateContext } from '../support/states.ts';
import { twoFactorFixture } from '../support/team-fixtures.ts';

const codeScreen = '/login/two-factor';

/** Signed out with an authenticator app, the password given: the sign-in waits for the code. */
async function passwordGiven(c: StateContext): Promise<void> {
  c.made = await twoFactorFixture(c, { signedIn: false });
  const signin = await c.context.request.post('/signin', { form: { email: c.made.email, password: c.made.password } });
  expect(signin.status()).toBe(200);
}

/** The settings' first step: the password, then the QR code beside its key. */
async function startEnrolment({ page, t, made }: StateContext): Promise<void> {
  await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(made?.password ?? '');
  await page.getByRole('button', { name: t.settings.twoFactor.start }).click();
}

const codeField = (page: Page, c: StateContext) => page.getByLabel(c.t.twoFactor.codeLabel);

export const twoFactorStates = {
  'settings-two-factor-off': {
    account: {},
    path: '/settings/two-factor',
    shows: async ({ page, t }) => expect(page.getByRole('heading', { level: 2, name: t.settings.sections['two-factor'] })).toBeVisible(),
  },
  // The QR code, and its confirmation sent without a code.
  'settings-two-factor-scan': {
    account: {},
    path: '/settings/two-factor',
    act: async (c) => {
      await startEnrolment(c);
      await c.page.getByRole('button', { name: c.t.settings.twoFactor.confirm }).click();
    },
    shows: async ({ page, t }) => {
      await expect(page.getByRole('img', { name: t.settings.twoFactor.qrAlt })).toBeVisible();
      await expect(page.locator('.two-factor-secret')).toHaveText(/^[A-Z2-7 ]{39}$/);
      await expect(page.getByLabel(t.settings.twoFactor.confirmLabel)).toHaveAttribute('aria-invalid', 'true');
    },
  },
  // The app's first code turns it on: the recovery codes, shown once.
  'settings-two-factor-codes': {
    account: {},
    path: '/settings/two-factor',
    act: async (c) => {
      await startEnrolment(c);
      const secret = (await c.page.locator('.two-factor-secret').textContent())?.replace(/\s/g, '') ?? '';
      await c.page.getByLabel(c.t.settings.twoFactor.confirmLabel).fill(totpAt(secret, new Date()));
      await c.page.getByRole('button', { name: c.t.settings.twoFactor.confirm }).click();
    },
    shows: async ({ page }) => expect(page.locator('.recovery-codes code')).toHaveCount(10),
  },
  'settings-two-factor-on': {
    before: async (c) => {
      c.made = await twoFactorFixture(c);
    },
    path: '/settings/two-factor',
    shows: async ({ page, t }) => expect(page.getByText(t.settings.twoFactor.statusOn)).toBeVisible(),
  },
  'two-factor-signin': {
    before: passwordGiven,
    path: codeScreen,
    shows: async (c) => {
      await expect(c.page.getByRole('heading', { level: 1, name: c.t.twoFactor.heading })).toBeVisible();
      await expect(codeField(c.page, c)).toBeVisible();
    },
  },
  'two-factor-signin-wrong': {
    before: passwordGiven,
    path: codeScreen,
    act: async (c) => {
      await codeField(c.page, c).fill('000000');
      await codeField(c.page, c).press('Enter');
    },
    shows: async (c) => {
      await expect(c.page.getByRole('heading', { level: 1, name: c.t.twoFactor.heading })).toBeVisible();
      await expect(c.page.getByRole('alert')).not.toBeEmpty();
    },
  },
  // A recovery code instead.
  'two-factor-signin-recovery': {
    before: passwordGiven,
    path: codeScreen,
    act: async ({ page, t }) => page.getByRole('button', { name: t.twoFactor.useRecovery }).click(),
    shows: async ({ page, t }) => expect(page.getByLabel(t.twoFactor.recoveryLabel)).toBeVisible(),
  },
  // A code screen whose sign-in is gone (expired, or opened in another browser).
  'two-factor-signin-ended': {
    path: codeScreen,
    act: async ({ page, t }) => {
      await page.getByLabel(t.twoFactor.codeLabel).fill('123456');
      await page.getByRole('button', { name: t.twoFactor.submit }).click();
    },
    shows: async ({ page, t }) => expect(page.getByRole('link', { name: t.twoFactor.signInAgain })).toBeVisible(),
  },
} satisfies Record<string, State>;
