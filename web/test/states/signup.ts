// The sign-up's steps after the first, and the account page they lead to.
import { expect, type Page } from '@playwright/test';
import { connectIdentity, createLicense, linkIn, stopClock, waitForMail } from '../support/helpers.ts';
import type { State, StateContext } from '../support/states.ts';

const submit = (page: Page) => page.locator('form button[type="submit"]').first();
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const fresh = (what: string) => `${what}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

/** A sign-up asked for through the API: the mailed link's path (/activate-email?…). */
async function mailedLink({ page }: StateContext, email = fresh('signup')): Promise<string> {
  expect((await page.request.post('/user/signup', { data: { email, dataProcessingConsent: true } })).status()).toBe(200);
  return linkIn(await waitForMail(email, /./), '/activate-email');
}

/** The waiting tab of a sign-up asked for on this page: its address. */
async function waitInInbox(page: Page): Promise<string> {
  const email = fresh('inbox');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="dataProcessingConsent"]').check();
  await submit(page).click();
  await expect(page.locator('input[name="email"]')).toHaveCount(0);
  return email;
}

/** The link opened on another device: its own browser, verified and (ready) the password set. */
async function finishElsewhere(page: Page, email: string, ready: boolean): Promise<void> {
  const device = await page.context().browser()?.newContext();
  if (!device) throw new Error('no browser');
  try {
    const token = new URL(linkIn(await waitForMail(email, /./), '/activate-email'), 'http://x').searchParams.get('token');
    const verified = await device.request.post('/user/verify-email', { data: { email, token } });
    const { data } = (await verified.json()) as { data: { token: string } };
    if (ready) await device.request.post('/user/set-password', { data: { email, password: 'Lighthouse keeper 1912', token: data.token } });
  } finally {
    await device.close();
  }
}

/** A signed-in person's sign-up goes on from the signed-in screen. */
const resume = async ({ page, t }: StateContext) => {
  await page.getByRole('button', { name: t.signedIn.continue }).click();
};

const complete = { license: 'business' } as const;

export const signupStates = {
  'activate-email-checking': {
    before: async ({ page }) => {
      // Held, so the check shows; the state is what people see while it runs.
      await page.route('**/user/verify-email', () => {});
    },
    path: (c) => mailedLink(c),
    shows: async ({ page, t }) => expect(page.getByText(t.verify.checking)).toBeVisible(),
  },
  // The link opened in another tab of the same browser: the waiting tab says so.
  'signup-inbox-confirmed': {
    path: '/signup',
    act: async ({ page, context, t }) => {
      const email = await waitInInbox(page);
      const tab = await context.newPage();
      await tab.goto(linkIn(await waitForMail(email, /./), '/activate-email'));
      await expect(heading(tab)).toHaveText(t.setPassword.heading);
      await tab.close();
    },
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.inbox.confirmedHeading),
  },
  'signup-inbox-other-device': {
    before: async ({ page }) => page.clock.install(),
    path: '/signup',
    act: async ({ page, t }) => {
      const email = await waitInInbox(page);
      await finishElsewhere(page, email, false);
      // The tab asks less and less often: its clock moves on instead of the test waiting.
      await expect(async () => {
        await page.clock.runFor(30_000);
        await expect(heading(page)).toHaveText(t.inbox.confirmedHeading, { timeout: 1_000 });
      }).toPass();
    },
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.inbox.confirmedHeading);
      const words = t.inbox.awayIntro.split(/\{email\}/).sort((a, b) => b.length - a.length)[0] ?? '';
      await expect(page.getByText(words.trim())).toBeVisible();
    },
  },
  'signup-inbox-ready': {
    before: async ({ page }) => page.clock.install(),
    path: '/signup',
    act: async ({ page, t }) => {
      const email = await waitInInbox(page);
      await finishElsewhere(page, email, true);
      await expect(async () => {
        await page.clock.runFor(30_000);
        await expect(heading(page)).toHaveText(t.inbox.readyHeading, { timeout: 1_000 });
      }).toPass();
    },
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.inbox.readyHeading),
  },
  'signup-password': {
    path: (c) => mailedLink(c),
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.setPassword.heading);
      await expect(page.locator('input[name="password"]')).toBeVisible();
    },
  },
  'signup-password-error': {
    path: (c) => mailedLink(c),
    act: async ({ page }) => {
      await page.locator('input[name="password"]').fill('short');
      await submit(page).click();
    },
    shows: async ({ page }) => expect(page.locator('input[name="password"]')).toHaveAttribute('aria-invalid', 'true'),
  },
  'signup-profile': {
    account: { names: undefined },
    path: '/signup',
    act: resume,
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.profile.heading),
  },
  'signup-activation-standalone': {
    account: {},
    path: '/signup',
    act: resume,
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.activation.heading);
      await expect(page.locator('input[value="standalone"]')).toBeChecked();
      await expect(page.locator('input[name="license"]')).toBeVisible();
    },
  },
  'signup-activation-platform': {
    account: {},
    path: '/signup',
    act: async (c) => {
      await resume(c);
      await c.page.locator('input[value="platform"]').check();
    },
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.activation.heading);
      await expect(page.locator('input[name="license"]')).toHaveCount(0);
    },
  },
  'signup-activation-done': {
    account: {},
    path: '/signup',
    act: async (c) => {
      await resume(c);
      await c.page.locator('input[name="license"]').fill(await createLicense('business'));
      await submit(c.page).click();
    },
    shows: async ({ page, t }) => expect(page.getByText(t.activation.activated.replace('{plan}', t.plans.business))).toBeVisible(),
  },
  account: {
    account: complete,
    path: '/',
    shows: async ({ page, t }) => {
      await expect(page.getByRole('button', { name: t.account.signOut })).toBeVisible();
      await expect(page.getByText(t.plans.business).first()).toBeVisible();
    },
  },
  // Google connected (as another address), Microsoft not yet.
  'account-connected': {
    account: complete,
    before: async ({ made }) => {
      await connectIdentity('google', made?.email ?? '', fresh('work'));
    },
    path: '/',
    shows: async ({ page, t }) => expect(page.getByRole('button', { name: t.connected.disconnect })).toBeVisible(),
  },
  'redeem-signed-in': {
    account: complete,
    path: async () => `/redeem/${await createLicense('enterprise')}`,
    shows: async ({ page, t }) => expect(page.getByRole('button', { name: t.redeem.activate })).toBeVisible(),
  },
  // The sign-up is done: nothing left to set up, so the screen says so.
  'signup-signed-in': {
    account: complete,
    path: '/signup',
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.signedIn.heading);
      await expect(page.getByText(t.signedIn.signupDoneIntro)).toBeVisible();
    },
  },
  'login-signed-in': {
    account: complete,
    path: '/login',
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.signedIn.heading),
  },
  reset: {
    account: { ...complete, signedIn: false },
    path: (c) => resetLink(c),
    shows: async ({ page, t }) => {
      await expect(heading(page)).toHaveText(t.reset.heading);
      await expect(page.locator('input[name="password"]')).toBeVisible();
    },
  },
  // The success screen moves on after 5 s: its clock stands still while it is checked.
  'reset-success': {
    account: { ...complete, signedIn: false },
    before: async ({ page }) => page.clock.install(),
    path: (c) => resetLink(c),
    act: async ({ page }) => {
      await page.locator('input[name="password"]').fill('New password here');
      await page.locator('input[name="repeatPassword"]').fill('New password here');
      await stopClock(page);
      await submit(page).click();
    },
    shows: async ({ page, t }) => expect(heading(page)).toHaveText(t.reset.successHeading),
    stopped: true,
  },
  // A used link: sign-in and a new link offered.

  // The verification link again, for an account that is set up: sign in.
  'activate-email-used': {
    path: async (c) => {
      const email = fresh('used');
      const link = await mailedLink(c, email);
      const token = new URL(link, 'http://x').searchParams.get('token');
      const verified = await c.page.request.post('/user/verify-email', { data: { email, token } });
      const { data } = (await verified.json()) as { data: { token: string } };
      await c.page.request.post('/user/set-password', { data: { email, password: 'Lighthouse keeper 1912', token: data.token } });
      await c.page.request.post('/signout');
      return link;
    },
    shows: async ({ page, t }) => {
      await expect(page.getByRole('alert')).not.toBeEmpty();
      await expect(page.getByRole('link', { name: t.login.submit })).toBeVisible();
    },
  },
} satisfies Record<string, State>;

/** A live reset link of the state's account. */
async function resetLink({ page, made }: StateContext): Promise<string> {
  const email = made?.email ?? '';
  expect((await page.request.post('/user/init-password-reset', { data: { email } })).status()).toBe(200);
  return linkIn(await waitForMail(email, /./), '/reset');
}
