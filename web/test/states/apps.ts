// What the operator's apps send people to: an app's sign-out, and its pending sign-in.
import { errorCatalogues } from '@gatehouse/contract';
import { expect, type Page } from '@playwright/test';
import { dashboardUrl } from '../support/ports.ts';
import type { State, StateContext } from '../support/states.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The reference dashboard's sign-in, pending at Gatehouse: the redirectTo of its login screen. */
async function pendingAppSignIn({ context }: StateContext): Promise<string> {
  const tab = await context.newPage();
  try {
    await tab.goto(dashboardUrl);
    await tab.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
    await tab.waitForURL(/redirectTo=/);
    return encodeURIComponent(new URL(tab.url()).searchParams.get('redirectTo') ?? '');
  } finally {
    await tab.close();
  }
}

export const appStates = {
  // An app's sign-out without its ID token asks first.
  'sign-out': {
    account: { license: 'pro' },
    path: '/sign-out',
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.appSignOut.heading),
  },
  'sign-out-done': {
    account: { license: 'pro' },
    path: '/sign-out',
    act: async ({ page }) => page.locator('form button[type="submit"]').click(),
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.appSignOut.doneHeading),
  },
  // A hand-over that was already used: the app's sign-in goes on with the password.
  'login-hand-over-invalid': {
    path: async (c) => `/login?redirectTo=${await pendingAppSignIn(c)}&error=oidc.hand_over_invalid`,
    shows: async ({ page, language }) => {
      await expect(page.getByRole('alert')).toContainText(errorCatalogues[language]['oidc.hand_over_invalid']);
      await expect(page.locator('.invitation-banner')).toContainText('Monitoring dashboard');
    },
  },
  // Someone signed in meets an app's pending sign-in: the card names the app.
  'login-signed-in-app': {
    account: { license: 'pro', signedIn: false },
    path: async (c) => {
      // Pending first: someone signed in is sent on to the app at once.
      const pending = await pendingAppSignIn(c);
      const signedIn = await c.page.request.post('/signin', { form: { email: c.made?.email ?? '', password: c.made?.password ?? '' } });
      expect(signedIn.status()).toBe(200);
      return `/login?redirectTo=${pending}`;
    },
    shows: async ({ page, t }) => {
      await expect(page.getByRole('button', { name: t.signedIn.continueTo.replace('{app}', 'Monitoring dashboard') })).toBeVisible();
    },
  },
} satisfies Record<string, State>;
