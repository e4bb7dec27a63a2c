// The screens people arrive on, signed out.
import { expect, type Page } from '@playwright/test';
import { createLicense } from '../support/helpers.ts';
import type { State } from '../support/states.ts';

const submit = (page: Page) => page.locator('form button[type="submit"]').first();
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

export const startStates = {
  signup: {
    path: '/signup',
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.signup.heading);
      await expect(page.locator('input[name="email"]')).toBeVisible();
    },
  },
  'signup-errors': {
    path: '/signup',
    act: async ({ page }) => submit(page).click(),
    shows: async ({ page }) => {
      await expect(page.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('alert')).not.toBeEmpty();
    },
  },
  // The consent comes first for Google and Microsoft too.
  'signup-sso-consent': {
    path: '/signup',
    act: async ({ page }) => page.locator('a[data-provider="google"]').click(),
    shows: async ({ page }) => {
      await expect(page.locator('input[name="dataProcessingConsent"]')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('input[name="email"]')).not.toHaveAttribute('aria-invalid', 'true');
    },
  },
  'signup-inbox': {
    path: '/signup',
    act: async ({ page }) => {
      await page
        .locator('input[name="email"]')
        .fill(`inbox.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`);
      await page.locator('input[name="dataProcessingConsent"]').check();
      await submit(page).click();
    },
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.inbox.heading);
      await expect(page.getByText(t.common.stepOf.replace('{step}', '1').replace('{total}', '4'))).toBeVisible();
    },
  },
  login: {
    path: '/login',
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.login.heading);
      await expect(page.locator('input[name="password"]')).toBeVisible();
    },
  },
  // Keyboard focus, as a keyboard user sees it: from "Forgot password?" on to the button.
  'login-focus': {
    only: 'desktop',
    path: '/login',
    act: async ({ page }) => {
      await page.locator('form a[href$="/reset-password"]').focus();
      await page.keyboard.press('Tab');
    },
    shows: async ({ page }) => expect(submit(page)).toBeFocused(),
  },
  'login-error': {
    account: { signedIn: false },
    path: '/login',
    act: async ({ page, made }) => {
      await page.locator('input[name="email"]').fill(made?.email ?? '');
      await page.locator('input[name="password"]').fill('Not the password');
      await submit(page).click();
    },
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.login.heading);
      await expect(page.getByRole('alert')).not.toBeEmpty();
    },
  },
  // An address the provider does not vouch for, refused in the person's language.
  'login-sso-refused': {
    path: '/login?error=sso.email_unverified',
    shows: async ({ page }) => expect(page.getByRole('alert')).not.toBeEmpty(),
  },
  redeem: {
    path: async () => `/redeem/${await createLicense('pro')}`,
    shows: async ({ page, t }) => expect(page.getByRole('link', { name: t.redeem.signIn })).toBeVisible(),
  },
  'redeem-unknown': {
    path: '/redeem/GH-0000-0000-0000-0000',
    shows: async ({ page }) => expect(page.getByRole('alert')).not.toBeEmpty(),
  },
  'reset-password': {
    path: '/reset-password',
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.resetRequest.heading),
  },
  'reset-password-sent': {
    account: { signedIn: false },
    path: '/reset-password',
    act: async ({ page, made }) => {
      await page.locator('input[name="email"]').fill(made?.email ?? '');
      await submit(page).click();
    },
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.resetRequest.sentHeading),
  },
  // A link nobody mailed says so when it opens, with the way to a new one.
  'reset-error': {
    path: '/reset?token=no-such-token',
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.reset.deadHeading);
      await expect(page.getByRole('link', { name: t.reset.requestNew })).toBeVisible();
    },
  },
  'activate-email-failed': {
    path: '/activate-email?token=no-such-token&email=nobody%40example.com',
    shows: async ({ page }) => expect(page.getByRole('alert')).not.toBeEmpty(),
  },
  'not-found': {
    path: '/no/such/page',
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.titles.notFound),
  },
  // A fatal error: a render that fails on damaged sign-up data in the session storage.
  error: {
    path: '/signup-process',
    before: async ({ context }) => {
      await context.addInitScript(() => {
        sessionStorage.setItem('gatehouse-signup', JSON.stringify({ state: { email: { damaged: true } }, version: 0 }));
        sessionStorage.setItem('gatehouse-signupBase', JSON.stringify({ state: { currentStep: 1, maxSteps: 4 }, version: 0 }));
      });
    },
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.titles.error),
  },
} satisfies Record<string, State>;
