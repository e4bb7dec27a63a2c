import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import de from '../../app/i18n/de.ts';
import { deploymentOf } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

// A deploy replaces a file and the compressed copies the build wrote beside it (.br, .gz):
// all of them go, and come back afterwards.
const copies = (file: string) => [file, `${file}.br`, `${file}.gz`].filter((path) => existsSync(path));
function remove(file: string): void {
  for (const path of copies(file)) renameSync(path, `${path}.gone`);
}
function restore(file: string): void {
  for (const path of [file, `${file}.br`, `${file}.gz`]) if (existsSync(`${path}.gone`)) renameSync(`${path}.gone`, path);
}

// This spec replaces and removes deployed files: it runs on its project's own deployment (a copy
// of the build with a server of its own), so the tests running beside it never see a deploy.
const deployment = () => deploymentOf(test.info().project.name);
const at = (path: string) => new URL(path, deployment().url).href;
const signupLink = (page: Page) => page.getByRole('link', { name: 'Create one for free' });
const routeModule = (page: Page, id: string) =>
  page.evaluate(
    (routeId) =>
      (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } }).__reactRouterManifest.routes[routeId]
        ?.module ?? '',
    id,
  );

/** Counts full page loads (not in-app navigations). */
function countLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
}

/**
 * Counts the page's answers to its build checks once the page has read them: the check's own
 * continuation runs in the microtasks right after the body is read, this count one task later.
 */
async function countBuildChecks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { buildChecksRead: number };
    counted.buildChecksRead = 0;
    const original = window.fetch;
    window.fetch = async (...args) => {
      const response = await original(...args);
      if (String(args[0]).endsWith('build.json')) {
        const json = response.json.bind(response);
        response.json = async () => {
          const body = await json();
          setTimeout(() => {
            counted.buildChecksRead += 1;
          });
          return body;
        };
      }
      return response;
    };
  });
}

/** Waits until no full load has come for 3 s (a reload loop never goes quiet); returns the count. */
async function settledLoads(loads: { count: number }): Promise<number> {
  for (let seen = -1; ; ) {
    if (seen === loads.count) return seen;
    seen = loads.count;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

test.describe.configure({ mode: 'serial' });

test('a deploy under an open tab: the next navigation loads the page fully', async ({ page }) => {
  const info = join(deployment().client, 'build.json');
  const original = readFileSync(info, 'utf8');
  const loads = countLoads(page);
  await countBuildChecks(page);
  await page.goto(at('/login'));
  await signupLink(page).click();
  await expect(page).toHaveURL(/\/signup$/);
  expect(loads.count, 'before a deploy, navigation stays in the app').toBe(1);
  await page.goBack();
  try {
    writeFileSync(info, JSON.stringify({ id: 'a-newer-build' }));
    const read = await page.evaluate(() => (window as unknown as { buildChecksRead: number }).buildChecksRead);
    // The tab comes back into view: the app asks for the newest build, and has read the answer.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForFunction((before) => (window as unknown as { buildChecksRead: number }).buildChecksRead > before, read);
    await signupLink(page).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    // The load event comes after the prerendered page shows: wait for it rather than race it.
    await expect.poll(() => loads.count, { message: 'one full load after the deploy' }).toBe(2);
  } finally {
    writeFileSync(info, original);
  }
});

test('a chunk gone after a deploy leads to one clean reload, not a loop', async ({ page }) => {
  const loads = countLoads(page);
  await page.goto(at('/login'));
  const chunk = join(deployment().client, await routeModule(page, 'routes/signup'));
  remove(chunk);
  try {
    await signupLink(page).click();
    await expect.poll(() => loads.count, { message: 'one reload' }).toBe(2);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await settledLoads(loads), 'exactly one reload').toBe(2);
  } finally {
    restore(chunk);
  }
});

test('a screen file gone on the first load reloads once, then says so in the page’s language instead of looping', async ({ page }) => {
  await page.goto(at('/login'));
  // The settings' index screen is no prerendered page's: /settings is served the app's shell,
  // and the app itself loads the screen's file (as on a navigation in the app).
  const chunk = join(deployment().client, await routeModule(page, 'routes/settings/index'));
  remove(chunk);
  try {
    const loads = countLoads(page);
    await page.goto(at('/de/settings'));
    await expect(page.locator('main.load-failure h1')).toHaveText(de.titles.error);
    await expect(page.locator('main.load-failure p')).toHaveText(de.errors.errorText);
    await expect(page).toHaveTitle(de.titles.error);
    expect(loads.count, 'the page and one reload').toBe(2);
    expect(await settledLoads(loads), 'no loop').toBe(2);
  } finally {
    restore(chunk);
  }
});

test('a language file gone after a deploy reloads at most once per path', async ({ page }) => {
  const loads = countLoads(page);
  await page.goto(at('/login'));
  const germanChunks = (await import('node:fs'))
    .readdirSync(join(deployment().client, 'assets'))
    .filter((file) => /^de-.*\.js$/.test(file));
  for (const file of germanChunks) remove(join(deployment().client, 'assets', file));
  try {
    await page.getByLabel('Language').selectOption('de');
    // At most one reload for /login and one for /de/login, then it stays.
    await expect.poll(() => loads.count).toBeGreaterThan(1);
    expect(await settledLoads(loads), 'no loop').toBeLessThanOrEqual(3);
    // The prerendered German page still shows, without its scripts.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei Ihrem Konto anmelden');
  } finally {
    for (const file of germanChunks) restore(join(deployment().client, 'assets', file));
  }
});

test('screens are prefetched 1 s after start, but not on slow-2g or with Save-Data', async ({ browser }) => {
  for (const [connection, expected] of [
    [{ effectiveType: '4g', saveData: false }, true],
    [{ effectiveType: 'slow-2g', saveData: false }, false],
    [{ effectiveType: '4g', saveData: true }, false],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript((value) => Object.defineProperty(navigator, 'connection', { value, configurable: true }), connection);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    // The page's clock runs on by a second once the app has started: the prefetch is due by then.
    await context.clock.install();
    await page.goto(at('/login'));
    const signupModule = await routeModule(page, 'routes/signup');
    await context.clock.runFor(1000);
    // A request of the page's own after the prefetch: the browser reports requests in order.
    await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/health/live')),
      page.evaluate(() => fetch('/health/live')),
    ]);
    expect(requested.includes(signupModule), `${JSON.stringify(connection)} prefetches: ${expected}`).toBe(expected);
    await context.close();
  }
});

test('route rules: an internal target navigates in the app, an external one loads fully', async ({ page, request }) => {
  const server = await request.get(at('/old-signup'), { maxRedirects: 0 });
  expect(server.status()).toBe(301);
  expect(server.headers().location).toBe('/signup');
  const external = await request.get(at('/help/billing'), { maxRedirects: 0 });
  expect(external.headers().location).toBe('https://help.example.test/');

  await page.route('https://help.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Help</title><h1>Help centre</h1>' }),
  );
  const loads = countLoads(page);
  await page.goto(at('/login'));
  const navigate = (to: string) =>
    page.evaluate(
      (path) => (window as unknown as { __reactRouterDataRouter: { navigate(p: string): void } }).__reactRouterDataRouter.navigate(path),
      to,
    );
  await navigate('/old-signup');
  await expect(page).toHaveURL(/\/signup$/);
  expect(loads.count, 'internal: in the app').toBe(1);
  await navigate('/help/billing');
  await expect(page).toHaveURL('https://help.example.test/');
  expect(loads.count, 'external: a full load').toBe(2);
});
