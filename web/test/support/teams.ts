import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { totpAt } from '../../../server/test/support/index.ts';
import { linkIn, waitForMail } from './helpers.ts';
import { controlUrl } from './ports.ts';

/** Signs a request context in (form data, as the seed's client does). */
export async function signInApi(api: APIRequestContext, email: string, password: string): Promise<void> {
  expect((await api.post('/signin', { form: { email, password } })).status()).toBe(200);
}

/** Invites an address from a signed-in context; returns the mailed link's path (/signup?invitation=…). */
export async function inviteApi(api: APIRequestContext, email: string, role: 'admin' | 'member' = 'member', count = 1): Promise<string> {
  const answer = await api.post('/team/invitations', { data: { email, role } });
  expect(answer.status(), await answer.text()).toBe(200);
  return linkIn(await waitForMail(email, /team of/i, count), '/signup');
}

/** The invitation's token, from its link. */
export const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('invitation') ?? '';

/** The address enrolled and its sessions proved with two factors, written straight into the server's database. */
export async function signInWithTwoFactorsDirectly(email: string): Promise<void> {
  await fetch(`${controlUrl}/two-factor/sign-in-directly?email=${encodeURIComponent(email)}`, { method: 'POST' });
}

/** Makes every invitation of an address expire, as seven days would. */
export async function expireInvitations(email: string): Promise<void> {
  await fetch(`${controlUrl}/invitations/expire?email=${encodeURIComponent(email)}`, { method: 'POST' });
}

const enrolledSteps = new Map<string, number>();

/**
 * A code the server takes after the enrolment's own (it refuses a step used before, and takes
 * one step either side of now): the current step's once the enrolment's has passed, else the
 * next one's. A fixed "next step" fails when a slow sign-in reaches the step after it.
 */
export function codeAfterEnrolment(secret: string): string {
  const now = Math.floor(Date.now() / 30_000);
  return totpAt(secret, new Date(), now > (enrolledSteps.get(secret) ?? now) ? 0 : 1);
}

/** Turns two-factor on for an account in a browser context of its own, as the settings do; returns the authenticator's secret. */
export async function enrolTwoFactorApi(browser: Browser, email: string, password: string): Promise<string> {
  const context = await browser.newContext();
  await signInApi(context.request, email, password);
  const begun = await context.request.post('/account/two-factor/totp', { data: { currentPassword: password } });
  const { secret } = (await begun.json()).data;
  const confirmed = await context.request.post('/account/two-factor/totp/confirm', { data: { code: totpAt(secret, new Date()) } });
  expect(confirmed.status()).toBe(200);
  enrolledSteps.set(secret, Math.floor(Date.now() / 30_000));
  await context.close();
  return secret;
}
