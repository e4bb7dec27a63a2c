import { uniqueEmail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

// Seed section 7: the client retries once on 408, 409, 425, 429, 5xx, but only for non-mutating
// methods. A second reset request within a minute is refused (429) by the real server: it must
// reach the server once, not twice.
test('a refused request that changes something is sent once, never retried', async ({ page }, testInfo) => {
  const email = uniqueEmail('retry', testInfo);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/user/init-password-reset')) posts.push(request.url());
  });
  // The page's timers move only when the test moves them: a retry, due 300 ms after a refusal,
  // has had its time once the test has run the clock on by a second.
  await page.clock.install();
  for (const attempt of [1, 2]) {
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(email);
    const answered = page.waitForResponse((response) => response.url().endsWith('/user/init-password-reset'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    expect((await answered).status(), `request ${attempt}`).toBe(attempt === 1 ? 200 : 429);
  }
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait a moment and try again');
  await page.clock.runFor(1000);
  // A request of the page's own after that one: the browser reports requests in order.
  await Promise.all([page.waitForRequest((request) => request.url().endsWith('/health/live')), page.evaluate(() => fetch('/health/live'))]);
  expect(posts).toHaveLength(2);
});
