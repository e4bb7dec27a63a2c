import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressFolder } from '../../scripts/compress-build.ts';
import { seedAccount, signIn } from './support/accounts.ts';
import { assertSecurityHeaders } from './support/security-headers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** A GET that shows the bytes as sent (fetch would decompress them and hide the encoding). */
function raw(base: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(new URL(path, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (answer: { headers: Record<string, unknown>; body: Buffer }) =>
  (answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body
  ).toString('utf8');

// A build as `npm run build` leaves it: prerendered pages linking the settings script, hashed
// assets, build.json, and a .br and .gz beside each text file.
const script = `export const app = ${JSON.stringify('x'.repeat(64))};\n`.repeat(40);
const page = (lang: string, title: string, head = '') =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title>${head}` +
  `<script>window.__reactRouterContext = {};</script></head><body><h1>${title}</h1>${'<p>text</p>'.repeat(50)}</body></html>`;
const files: Record<string, string> = {
  // An account screen, as a build with GATEHOUSE_PAINT_FIRST=0 leaves it.
  'index.html': page('en', 'Your account', '<link rel="modulepreload" href="/assets/app-Ab12Cd34.js"/>'),
  'login/index.html': page('en', 'Sign in | Gatehouse'),
  // As a build with GATEHOUSE_PAINT_FIRST=0 leaves it: its scripts preloaded in the head.
  'ja/login/index.html': page('ja', 'ログイン | Gatehouse', '<link rel="modulepreload" href="/assets/app-Ab12Cd34.js"/>'),
  // As the default build leaves it: its scripts (and texts) requested after the first paint.
  'ja/signup/index.html': page('ja', 'アカウント作成 | Gatehouse'),
  '__not-found/index.html': page('en', 'Page not found'),
  'de/__not-found/index.html': page('de', 'Seite nicht gefunden'),
  'redeem/__license/index.html': page('en', 'Redeem license | Gatehouse'),
  '__spa-fallback.html': page('en', 'Gatehouse'),
  'assets/app-Ab12Cd34.js': script,
  // Texts in parts (decisions 026, 053): the start part, the steps' and the account part, the API's error messages.
  'assets/ja-start-Ef56Gh78.js': 'export default { hello: "こんにちは" };',
  'assets/ja-steps-Mn34Op56.js': 'export default { reset: "リセット" };',
  'assets/ja-account-Gh78Ij90.js': 'export default { team: "チーム" };',
  'assets/ja-Ij90Kl12.js': 'export default { "auth.invalid": "…" };',
  'assets/en-account-Kl12Mn34.js': 'export default { team: "Team" };',
  'assets/app-Ab12Cd34.css': `body{margin:0}\n${'.a{color:red}\n'.repeat(100)}`,
  'build.json': JSON.stringify({ id: 'build-1', padding: 'x'.repeat(300) }),
};

describe('delivery of the built web app', () => {
  let t: TestApp;
  let webRoot: string;
  before(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'gatehouse-web-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(webRoot, path)), { recursive: true });
      writeFileSync(join(webRoot, path), content);
    }
    await compressFolder(webRoot);
    t = await startTestApp({ env: { WEB_ROOT: webRoot, API_URL: 'https://api.example.com' } });
  });
  after(async () => {
    await t?.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends the build’s brotli or gzip copy of an asset as the browser accepts, else the file itself', async () => {
    const cases: [string, string | undefined][] = [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ];
    for (const [accept, encoding] of cases) {
      const answer = await raw(t.url, '/assets/app-Ab12Cd34.js', accept ? { 'accept-encoding': accept } : {});
      assert.equal(answer.status, 200, accept);
      assert.equal(answer.headers['content-encoding'], encoding, `Accept-Encoding: ${accept}`);
      assert.equal(decode(answer), script, `${accept}: the same file once decoded`);
      assert.match(String(answer.headers.vary), /accept-encoding/i, `${accept}: Vary`);
      assert.match(String(answer.headers['content-type']), /javascript/, `${accept}: type of the file, not of the copy`);
      assert.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable', accept);
    }
    const css = await raw(t.url, '/assets/app-Ab12Cd34.css', { 'accept-encoding': 'br' });
    assert.equal(css.headers['content-encoding'], 'br');
    assert.match(String(css.headers['content-type']), /text\/css/);
  });

  it('gives the compressed copies no address of their own', async () => {
    const answer = await raw(t.url, '/assets/app-Ab12Cd34.js.br');
    assert.equal(answer.status, 404);
  });

  it('has build.json revalidated: no-cache with an ETag, then 304 while unchanged', async () => {
    const first = await raw(t.url, '/build.json', { 'accept-encoding': 'br' });
    assert.equal(first.headers['cache-control'], 'no-cache');
    const etag = String(first.headers.etag);
    assert.ok(etag.length > 2, 'an ETag');
    assert.equal(JSON.parse(decode(first)).id, 'build-1');
    const again = await raw(t.url, '/build.json', { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
  });

  it('sends each page compressed, with an ETag per encoding, revalidated with 304', async () => {
    const plain = await raw(t.url, '/login', { accept: 'text/html' });
    const br = await raw(t.url, '/login', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    const gzip = await raw(t.url, '/login', { accept: 'text/html', 'accept-encoding': 'gzip' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.ok(br.body.length < plain.body.length / 2, `brotli: ${br.body.length} of ${plain.body.length} bytes`);
    assert.equal(decode(br), plain.body.toString('utf8'));
    assert.equal(decode(gzip), plain.body.toString('utf8'));
    const etags = new Set([plain, br, gzip].map((answer) => answer.headers.etag));
    assert.equal(etags.size, 3, 'one ETag per representation');
    for (const answer of [plain, br, gzip]) {
      assert.equal(answer.headers['cache-control'], 'no-cache');
      assert.match(String(answer.headers.vary), /accept-encoding/i);
    }
    const revalidated = await raw(t.url, '/login', {
      accept: 'text/html',
      'accept-encoding': 'br, gzip',
      'if-none-match': String(br.headers.etag),
    });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.body.length, 0);
    const otherEncoding = await raw(t.url, '/login', { accept: 'text/html', 'if-none-match': String(br.headers.etag) });
    assert.equal(otherEncoding.status, 200, 'a brotli ETag does not validate the uncompressed page');
  });

  it('inlines the run-time settings into each page, allowed by their hash under a CSP without unsafe-inline', async () => {
    const answer = await t.client().get('/ja/login', { accept: 'text/html' });
    assert.equal(answer.status, 200);
    const head = answer.text.slice(0, answer.text.indexOf('</head>'));
    const inline = /<script>(window\.__GATEHOUSE__=[^<]*)<\/script>/.exec(head)?.[1];
    assert.ok(inline, 'the settings are in the page');
    assert.equal(
      JSON.parse(/^window\.__GATEHOUSE__=(.*?);(?:document\.|addEventListener\()/.exec(inline)?.[1] ?? '').apiUrl,
      'https://api.example.com',
    );
    const csp = answer.headers.get('content-security-policy') ?? '';
    const scripts = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    assert.ok(scripts.includes(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`), scripts);
    assertSecurityHeaders(answer.headers, 'page');
    // A page that preloads its scripts in the head (a build with GATEHOUSE_PAINT_FIRST=0) preloads
    // its texts with them: its language's start part; not the account screens' part, nor the
    // error messages (loaded when first needed). A page that requests its scripts after its first
    // paint requests its texts then too, so nothing is fetched before that paint.
    assert.match(answer.text, /<link rel="modulepreload" href="\/assets\/ja-start-Ef56Gh78\.js">/);
    assert.doesNotMatch(answer.text, /ja-account-|ja-steps-|ja-Ij90Kl12|en-account-/);
    assert.doesNotMatch((await t.client().get('/login', { accept: 'text/html' })).text, /modulepreload/);
    const afterPaint = await t.client().get('/ja/signup', { accept: 'text/html' });
    assert.equal(afterPaint.status, 200);
    assert.doesNotMatch(afterPaint.text, /modulepreload/);
    // An account screen that preloads its scripts has the account part too.
    const account = (await t.client().get('/', { accept: 'text/html' })).text;
    assert.match(account, /<link rel="modulepreload" href="\/assets\/en-account-Kl12Mn34\.js">/);
    assert.doesNotMatch(account, /ja-/);
    // The file stays for what loads it by URL (the development server).
    const file = await t.client().get('/runtime-config.js');
    assert.equal(file.status, 200);
    assert.equal(file.text.trim(), inline);
  });

  it('answers an unknown page with the prerendered 404 page of its language', async () => {
    const english = await t.client().get('/no/such-page', { accept: 'text/html' });
    assert.equal(english.status, 404);
    assert.match(english.text, /<title>Page not found<\/title>/);
    assert.match(english.text, /window\.__GATEHOUSE__=/);
    assertSecurityHeaders(english.headers, '404 page');
    const german = await t.client().get('/de/keine-seite', { accept: 'text/html' });
    assert.equal(german.status, 404);
    assert.match(german.text, /<html lang="de">.*<title>Seite nicht gefunden<\/title>/);
    // A language without its own 404 page falls back to the English one, never to an empty shell.
    const japanese = await t.client().get('/ja/no-such-page', { accept: 'text/html' });
    assert.equal(japanese.status, 404);
    assert.match(japanese.text, /<title>Page not found<\/title>/);
    // The 404 page is no page of its own at its build path.
    assert.equal((await t.client().get('/de/__not-found', { accept: 'text/html' })).status, 404);
  });

  it('answers a page to any GET or HEAD that does not ask for JSON only (curl, wget, uptime monitors)', async () => {
    for (const accept of ['*/*', 'text/plain', 'application/json, text/plain, */*', undefined]) {
      const login = await raw(t.url, '/login', accept ? { accept } : {});
      assert.equal(login.status, 200, `Accept: ${accept}`);
      assert.match(decode(login), /<title>Sign in \| Gatehouse<\/title>/, `Accept: ${accept}`);
      assert.equal((await raw(t.url, '/', accept ? { accept } : {})).status, 200, `/ with Accept: ${accept}`);
    }
    const head = await t.client().request('HEAD', '/ja/login', { headers: { accept: '*/*' } });
    assert.equal(head.status, 200);
    assert.equal((await raw(t.url, '/redeem/GH-ABCD', { accept: '*/*' })).status, 200);
    const unknown = await raw(t.url, '/no/such-page', { accept: '*/*' });
    assert.equal(unknown.status, 404);
    assert.match(decode(unknown), /<title>Page not found<\/title>/);
    // Asking for JSON only is an API call: a path with no call is a coded 404, as before.
    const json = await t.client().get('/login', { accept: 'application/json' });
    assert.equal(json.status, 404);
    assert.equal(json.json.code, 'request.not_found');
  });

  it('answers 404 to a language prefix that is none of ours', async () => {
    for (const path of ['/xx/login', '/zz', '/xx/redeem/GH-ABCD', '/en/xx/login']) {
      const answer = await t.client().get(path, { accept: 'text/html' });
      assert.equal(answer.status, 404, path);
      assert.match(answer.text, /<title>Page not found<\/title>/, path);
    }
    assert.equal((await t.client().get('/ja/login', { accept: 'text/html' })).status, 200);
    assert.equal((await t.client().get('/ja', { accept: 'text/html' })).status, 200);
  });

  it('answers a screen with a parameter with its page prerendered for every value', async () => {
    const redeem = await t.client().get('/redeem/GH-ABCD-EFGH-JKLM-NPQR', { accept: 'text/html' });
    assert.equal(redeem.status, 200);
    assert.match(redeem.text, /<title>Redeem license \| Gatehouse<\/title>/);
    assert.match(redeem.text, /window\.__GATEHOUSE__=/);
    assert.equal((await t.client().get('/redeem/__license', { accept: 'text/html' })).status, 200, 'a key like any other');
    // Without a page in that language, the app's shell still answers.
    assert.match((await t.client().get('/de/redeem/GH-ABCD', { accept: 'text/html' })).text, /<title>Gatehouse<\/title>/);
  });

  it('never compresses an API answer (BREACH: answers carry tokens and session data)', async () => {
    const password = 'Delivery secret 42';
    await seedAccount(t, 'delivery@example.com', { passwordHash: await t.deps.hasher.hash(password) });
    const client = await signIn(t, 'delivery@example.com', password);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const path of ['/session', '/sessions', '/openapi.json', '/health/ready']) {
      const answer = await raw(t.url, path, { 'accept-encoding': 'br, gzip', cookie });
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers['content-encoding'], undefined, `${path} is sent as it is`);
    }
  });
});
