import { expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './helpers.ts';

/** Makes a complete account through the API (the browser journey itself is in signup.spec). */
export async function registerAccount(page: Page, email: string, password: string): Promise<void> {
  const api = page.request;
  const signup = await api.post('/user/signup', { data: { email, dataProcessingConsent: true } });
  expect(signup.status()).toBe(200);
  const link = new URL(linkIn(await waitForMail(email, /Confirm your email/), '/activate-email'), 'http://x');
  const verified = await api.post('/user/verify-email', { data: { email, token: link.searchParams.get('token') } });
  const { data } = (await verified.json()) as { data: { token: string } };
  expect((await api.post('/user/set-password', { data: { email, password, token: data.token } })).status()).toBe(200);
  await api.post('/signout');
}

/** A live password-reset link of a new account: /reset checks its link when it opens. */
export async function liveResetLink(page: Page, email: string): Promise<string> {
  await registerAccount(page, email, 'Before the reset 2026');
  expect((await page.request.post('/user/init-password-reset', { data: { email } })).status()).toBe(200);
  return linkIn(await waitForMail(email, /Reset your/), '/reset');
}
