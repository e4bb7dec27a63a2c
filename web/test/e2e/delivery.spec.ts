import { languages } from '@gatehouse/contract';
import { referencePanel } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

// What a phone on a slow network gets before and after the scripts: complete pages without
// JavaScript, compressed files, the settings inlined under a strict CSP, no font downloads.

test('every screen and the 404 page have their title, language and description before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const titles: Record<string, RegExp> = {
    '/login': /^Sign in \| Gatehouse$/,
    '/signup': /^Sign up \| Gatehouse$/,
    '/reset-password': /^Reset password \| Gatehouse$/,
    '/ja/login': /^ログイン \| Gatehouse$/,
    '/redeem/GH-AAAA-BBBB-CCCC-DDDD': /^Redeem license \| Gatehouse$/,
    '/no/such/page': /^Page not found$/,
    '/no-such-page': /^Page not found$/,
    '/de/keine-seite': /^Seite nicht gefunden$/,
    '/ja/no/such/page': /^ページが見つかりません$/,
  };
  for (const [path, title] of Object.entries(titles)) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path.includes('such') || path.includes('keine') ? 404 : 200);
    await expect(page, path).toHaveTitle(title);
    const language = languages.find((l) => path.startsWith(`/${l}/`)) ?? 'en';
    await expect(page.locator('html'), path).toHaveAttribute('lang', language);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /Gatehouse.{20,}/);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
  }
  await context.close();
});

test('pages hydrate under the strict CSP with the settings inlined, compressed files and no font download', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The 404 page's own status is the one expected failure.
    if (message.type() === 'error' && !message.text().includes('status of 404')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const requests: { url: string; type: string; encoding: string | null; bytes: number }[] = [];
  // A response still arriving when the test ends (a late prefetch) is dropped, not an error of the next test.
  page.on('response', async (response) => {
    const headers = await response.allHeaders().catch(() => undefined);
    if (!headers) return;
    requests.push({
      url: response.url(),
      type: response.request().resourceType(),
      encoding: headers['content-encoding'] ?? null,
      bytes: Number(headers['content-length'] ?? 0),
    });
  });

  for (const path of ['/login', '/ja/no/such/page', '/redeem/GH-AAAA-BBBB-CCCC-DDDD']) {
    // Quiet for half a second (the screens' code is preloaded a second after start), and hydrated:
    // React has taken over the prerendered heading.
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber$')));
    expect(await page.evaluate(() => (window as { __GATEHOUSE__?: { mode: string } }).__GATEHOUSE__?.mode), path).toBe('standalone');
  }
  expect(problems, 'no hydration mismatch, no CSP violation').toEqual([]);
  expect(requests.filter((r) => r.url.includes('runtime-config.js'))).toEqual([]);
  expect(requests.filter((r) => r.type === 'font')).toEqual([]);
  const scripts = requests.filter((r) => r.type === 'script');
  expect(scripts.length).toBeGreaterThan(0);
  // Files under 256 bytes have no compressed copy: the headers would cost more than they save.
  for (const script of scripts) expect(script.encoding ?? (script.bytes < 256 ? 'small' : null), script.url).toMatch(/^(br|small)$/);
  expect(requests.find((r) => r.type === 'document')?.encoding).toBe('br');
});

test('the reference panel serves the panel build compressed and cached as a panel’s web server should', async ({ request }) => {
  const { url } = await referencePanel();
  const base = `${url}/templates/monitoring/spa/`;
  const page = await request.get(base, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  // The page carries the panel credentials: never compressed (BREACH), revalidated by ETag.
  expect(page.headers()['content-encoding']).toBeUndefined();
  expect(page.headers()['cache-control']).toBe('no-cache');
  const etag = page.headers().etag ?? '';
  expect(etag).not.toBe('');
  expect((await request.get(base, { headers: { 'if-none-match': etag } })).status()).toBe(304);

  const framework = /\/templates\/monitoring\/spa\/assets\/framework-[\w-]+\.js/.exec(await page.text())?.[0];
  expect(framework, 'the framework chunk is linked').toBeTruthy();
  const asset = await request.get(`${url}${framework}`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers().vary).toMatch(/accept-encoding/i);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-type']).toMatch(/javascript/);
  expect((await request.get(`${url}${framework}`, { headers: { 'accept-encoding': 'gzip' } })).headers()['content-encoding']).toBe('gzip');

  // The settings operators edit in place: always the file itself, revalidated.
  const settings = await request.get(`${base}runtime-config.js`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(settings.headers()['content-encoding']).toBeUndefined();
  expect(settings.headers()['cache-control']).toBe('no-cache');
  expect(await settings.text()).toContain('"mode": "control-panel"');
});
