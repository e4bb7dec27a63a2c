// The browser suite's `test`: every page opened with `goto` or `reload` is handed back once the
// app runs on it. The prerendered page shows, and takes input, before the app has started (it
// fetches its scripts after its first paint, scripts/defer-scripts.ts); what is done in that gap
// is kept and replayed (typed-before-hydration.spec.ts covers it, on purpose with
// `ownVisitorTest`, which does not wait), but every other test acts on the running app, so it
// never races the start.
import { type Browser, type BrowserContext, test as base, type Page } from '@playwright/test';
import { visitorCookie } from './visitors.ts';

export { expect } from '@playwright/test';

/**
 * Resolves once the app runs on the page (root.tsx sets `window.__gatehouseStarted` when it has
 * taken the page over), at once on a page that is no page of the app (a provider's login page,
 * the mailbox), or when the app said it cannot start (a screen's file is gone). It follows the
 * page through navigations and reloads.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as { __reactRouterContext?: unknown; __gatehouseStarted?: boolean };
    return w.__reactRouterContext === undefined || w.__gatehouseStarted === true || document.querySelector('main.load-failure') !== null;
  });
}

const handled = new WeakSet<Page>();

function waitsForTheApp(page: Page): void {
  if (handled.has(page)) return;
  handled.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await appStarted(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await appStarted(page);
    return response;
  };
}

function contextWaitsForTheApp(context: BrowserContext): void {
  for (const page of context.pages()) waitsForTheApp(page);
  context.on('page', waitsForTheApp);
}

// The running test's visitor, for the contexts it opens itself: a worker runs one test at a time.
let currentVisitor: string | undefined;
const visiting = new WeakSet<BrowserContext>();

/**
 * The context's requests come from the test's own visitor (support/visitors.ts), also after the
 * test clears its cookies to sign out; HttpOnly keeps the cookie from the page.
 */
async function asVisitor(context: BrowserContext, visitor: string): Promise<void> {
  if (visiting.has(context)) return;
  visiting.add(context);
  const cookie = { name: visitorCookie, value: visitor, path: '/', httpOnly: true };
  const cookies = [
    // The app's pages and their calls (localhost), and the white-label host's (127.0.0.1).
    { ...cookie, domain: 'localhost', sameSite: 'Lax' as const },
    { ...cookie, domain: '127.0.0.1', sameSite: 'Lax' as const },
    // A hosting panel's (or a dashboard's) page on 127.0.0.1 calling the API: cross-site, where
    // the panel's session cookie is partitioned. Partitioned too, rather than one unpartitioned
    // SameSite=None cookie: with such a cookie in the browser's Cookie header, a test's
    // route.fetch() would send that header, and the partitioned session would be left out.
    { ...cookie, domain: 'localhost', sameSite: 'None' as const, secure: true, partitionKey: 'http://127.0.0.1' },
  ];
  await context.addCookies(cookies);
  const clearCookies = context.clearCookies.bind(context);
  context.clearCookies = async (...args: Parameters<BrowserContext['clearCookies']>) => {
    await clearCookies(...args);
    await context.addCookies(cookies);
  };
}

/**
 * `test` without the waits for the app, for the specs that act before it runs: each test is its
 * own visitor to the e2e server, so no test meets a per-IP limit that others used up.
 */
export const ownVisitorTest = base.extend<{ visitor: string }, { browser: Browser }>({
  // Contexts a test opens itself (a second person, another language) are the same visitor.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args);
        if (currentVisitor) await asVisitor(context, currentVisitor);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  visitor: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and it has none
    async ({}, use, testInfo) => {
      // Unique in the run: the test's id names its project and repeat; a retry is a new visitor.
      currentVisitor = `${testInfo.testId}.${testInfo.retry}`;
      await use(currentVisitor);
      currentVisitor = undefined;
    },
    { auto: true },
  ],
  context: async ({ context, visitor }, use) => {
    await asVisitor(context, visitor);
    await use(context);
  },
});

export const test = ownVisitorTest.extend<object, { browser: Browser }>({
  // Contexts a test opens itself; none without JavaScript, where there is no app to wait for.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args);
        if (args[0]?.javaScriptEnabled !== false) contextWaitsForTheApp(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    contextWaitsForTheApp(context);
    await use(context);
  },
});
