import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, type TestInfo } from '@playwright/test';

import { controlUrl as control } from './ports.ts';

export interface Mail {
  subject: string;
  text: string;
}

/** Waits for the newest mail to an address whose subject matches (a deadline for failure only). */
export async function waitForMail(to: string, subject: RegExp, count = 1): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await (await fetch(`${control}/mails?to=${encodeURIComponent(to)}`)).json()) as Mail[];
    const matching = mails.filter((mail) => subject.test(mail.subject));
    if (matching.length >= count) return matching[matching.length - 1] as Mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}; got ${mails.map((m) => m.subject).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function linkIn(mail: Mail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === path);
  if (!link) throw new Error(`no ${path} link in:\n${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A license key made as the CLI would; `handOff`: on the deployment whose dashboard is the hand-off's. */
export async function createLicense(plan = 'pro', { platform = false, handOff = false } = {}): Promise<string> {
  const query = new URLSearchParams({ plan, ...(platform ? { platform: '1' } : {}), ...(handOff ? { deployment: 'hand-off' } : {}) });
  const response = await fetch(`${control}/licenses?${query}`, { method: 'POST' });
  return ((await response.json()) as { key: string }).key;
}

/** The 6-digit code of a mail (control-panel mode). */
export function codeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1];
  if (!code) throw new Error(`no code in:\n${mail.subject}\n${mail.text}`);
  return code;
}

/** The reference panel the e2e server registered: its apiKey and origins. */
export async function referencePanel(): Promise<{ apiKey: string; url: string; foreignUrl: string }> {
  return (await fetch(`${control}/panel`)).json() as Promise<{ apiKey: string; url: string; foreignUrl: string }>;
}

export function uniqueEmail(prefix: string, testInfo: TestInfo): string {
  return `${prefix}.${testInfo.project.name}.${Date.now()}@example.com`;
}

/**
 * Stops the page's clock where it stands: timers (a redirect after 5 s) wait until the test moves
 * time on with page.clock.runFor, however long the test's own steps take. Needs
 * page.clock.install() before the page was opened.
 */
export async function stopClock(page: Page): Promise<void> {
  // The page's time runs on while the test asks for it: stop a little ahead, further if need be.
  for (let ahead = 100; ; ahead *= 4) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + ahead);
      return;
    } catch (error) {
      if (!String(error).includes('to the past') || ahead > 60_000) throw error;
    }
  }
}

/**
 * The page's document as it stands, in a browser context of its own without the page's scripts
 * or its stopped clock: axe runs on timers, so it cannot run in a page whose clock stands still.
 */
async function frozenCopy(page: Page): Promise<{ copy: Page; context: BrowserContext }> {
  const origin = new URL(page.url()).origin;
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<head([^>]*)>/i, `<head$1><base href="${origin}/">`);
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const copy = await context.newPage();
  await copy.setContent(html, { waitUntil: 'load' });
  return { copy, context };
}

/** The gallery run (npm run gallery) saves screenshots; the test run only checks. */
export const galleryRun = process.env.GALLERY === '1';

/**
 * What axe finds on the page, as lines. `stopped`: the page's clock was stopped (stopClock), so
 * axe checks a copy of its document.
 */
export async function axeViolations(page: Page, { stopped = false } = {}): Promise<string[]> {
  const frozen = stopped ? await frozenCopy(page) : undefined;
  try {
    const target = frozen?.copy ?? page;
    // A page without frames is checked by axe.run in the page itself: the same rules and
    // results as the default run (a partial run per frame, finished in a blank page that it
    // opens and closes for every check), at a fraction of the cost. Pages with frames keep the
    // default, which also checks frames of other origins.
    // Only violations are read: leaving out the passes' details makes each check about twice as fast.
    const results = await new AxeBuilder({ page: target })
      .setLegacyMode(target.frames().length === 1)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ resultTypes: ['violations'] })
      .analyze();
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  } finally {
    await frozen?.context.close();
  }
}

/**
 * Checks a journey's page with axe (unless told not to); the gallery run also saves a full-page
 * screenshot under artifacts/screenshots, in the project's folder unless another folder
 * (relative to it) is named.
 */
export async function capture(
  page: Page,
  testInfo: TestInfo,
  name: string,
  folder = testInfo.project.name,
  { axe = true, stopped = false } = {},
): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  if (axe) expect(await axeViolations(page, { stopped }), `axe on ${name}`).toEqual([]);
  if (galleryRun) await page.screenshot({ path: `../artifacts/screenshots/${folder}/${name}.png`, fullPage: true });
}

/** A person at the test provider (google or microsoft); verified: email_verified / xms_edov. */
export async function providerUser(
  provider: 'google' | 'microsoft',
  options: { email: string; verified: boolean; given?: string; family?: string },
): Promise<string> {
  const query = new URLSearchParams({ provider, email: options.email, verified: options.verified ? '1' : '0' });
  if (options.given) query.set('given', options.given);
  if (options.family) query.set('family', options.family);
  const response = await fetch(`${control}/sso-users?${query}`, { method: 'POST' });
  return ((await response.json()) as { login: string }).login;
}

/** Connects a provider identity to an account directly (the gallery's connected state). */
export async function connectIdentity(provider: 'google' | 'microsoft', email: string, as?: string): Promise<string> {
  const query = new URLSearchParams({ provider, email, ...(as ? { as } : {}) });
  const response = await fetch(`${control}/sso-identities?${query}`, { method: 'POST' });
  return ((await response.json()) as { login: string }).login;
}

/** Signs in on the test provider's own login page (oidc-provider's): any password. */
export async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password at the provider');
  await page.locator('button[type="submit"]').click();
}

/** Steps 3 and 4 after a provider's sign-up: the names it gave saved, a Pro key activated, Finish. */
export async function finishProviderSignup(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await page.locator('input[value="standalone"]').check();
  await page.locator('input[name="license"]').fill(await createLicense('pro'));
  await page.getByRole('button', { name: 'Activate license' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
}

/** The white-label host of the browser tests: the same server answered as 127.0.0.1 instead of localhost. */
export const whiteLabelHost = '127.0.0.1';

/** Gives that host the Acme brand (every spec that uses the host gives it the same one). */
export async function setAcmeBrand(): Promise<void> {
  const brand = new URLSearchParams({
    host: whiteLabelHost,
    name: 'Acme Monitoring',
    color: '#0f766e',
    favicon: 'https://cdn.acme.example/favicon.ico',
    support: 'https://help.acme.example/',
    dashboard: 'https://app.acme.example/',
    privacy: 'https://acme.example/privacy',
    terms: 'https://acme.example/terms',
  });
  await fetch(`${control}/brands?${brand}`, { method: 'POST' });
}
