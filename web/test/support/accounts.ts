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
