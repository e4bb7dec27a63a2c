// The browser suite's `test`: every page opened with `goto` or `reload` is handed back once the
// app runs on it. The prerendered page shows, and takes input, before the app has started (it
// fetches its scripts after its first paint, scripts/defer-scripts.ts); what is done in that gap
// is kept and replayed (typed-before-hydration.spec.ts covers it, on purpose with
// @playwright/test's own `test`), but every other test acts on the running app, so it never
// races the start.
import { type Browser, type BrowserContext, test as base, type Page } from '@playwright/test';

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

export const test = base.extend<object, { browser: Browser }>({
  // Contexts a test opens itself (a second person, another language); none without JavaScript,
  // where there is no app to wait for.
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
