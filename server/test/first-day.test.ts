import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';
import { upsertBrand } from '../src/features/brands/brand.repository.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Issue 24, point 8: the operator's first day. The brand of every host without a white-label
// entry comes from the environment, and a host's brand is in its pages before any script runs.
const brandEnv = {
  BRAND_PRIVACY_URL: 'https://example.com/privacy',
  BRAND_TERMS_URL: 'https://example.com/terms',
  BRAND_SUPPORT_URL: 'https://help.example.com/',
  BRAND_DASHBOARD_URL: 'https://app.example.com/',
};

/** A prerendered page as the build leaves it, with the build's brand name where React wrote it. */
const builtPage = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta name="description" content="Gatehouse: sign in"/><title>${title} | Gatehouse</title>` +
  `<script>window.__reactRouterContext = {};</script></head><body><a class="brand"><span class="brand__name">Gatehouse</span></a>` +
  `<footer><span>© <!-- -->Gatehouse</span><nav aria-label="Gatehouse"></nav></footer></body></html>`;

const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );

describe('the default brand from the environment', () => {
  it('takes only https URLs, and names the variable of a wrong one', () => {
    for (const name of Object.keys(brandEnv)) {
      assert.throws(
        () => loadConfig({ [name]: 'http://example.com/page' }),
        (error: Error) => error instanceof ConfigError && error.message.includes(name),
        name,
      );
    }
    assert.throws(
      () => loadConfig({ BRAND_PRODUCT_PANEL: 'no' }),
      (error: Error) => error.message.includes('BRAND_PRODUCT_PANEL'),
    );
    assert.equal(loadConfig({}).productPanel, true);
  });
});

describe('brand of a bare install and first paint of a white-label host', () => {
  /** A white-label host as `brand set` makes it: a name, and only the settings given. */
  const brandHost = (host: string, name: string, settings: { primary_color?: string; privacy_url?: string } = {}) =>
    upsertBrand(t.deps.db, {
      host,
      brand_name: name,
      favicon_url: null,
      logo_url: null,
      primary_color: settings.primary_color ?? null,
      support_url: null,
      dashboard_url: null,
      privacy_url: settings.privacy_url ?? null,
      terms_url: null,
      default_language: null,
      updated_at: new Date().toISOString(),
    });

  let t: TestApp;
  let webRoot: string;
  before(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'gatehouse-web-'));
    for (const [path, title] of [
      ['login/index.html', 'Sign in'],
      ['__spa-fallback.html', 'Loading'],
    ] as const) {
      mkdirSync(join(webRoot, path, '..'), { recursive: true });
      writeFileSync(join(webRoot, path), builtPage(title));
    }
    t = await startTestApp({ env: { ...brandEnv, BRAND_PRODUCT_PANEL: '0', WEB_ROOT: webRoot } });
    await brandHost('portal.acme.example', 'Acme "Monitoring" <Co>', {
      primary_color: '#0f766e',
      privacy_url: 'https://acme.example/privacy',
    });
  });
  after(async () => {
    await t?.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('gives every host without a white-label entry the links of the environment; a white-label host only its own', async () => {
    const bare = (await t.client().get('/white-label?host=localhost')).json.data;
    assert.deepEqual([bare.privacyUrl, bare.termsUrl, bare.supportUrl, bare.dashboardUrl], Object.values(brandEnv));
    const acme = (await t.client().get('/white-label?host=portal.acme.example')).json.data;
    assert.deepEqual(
      [acme.privacyUrl, acme.termsUrl, acme.supportUrl, acme.dashboardUrl],
      ['https://acme.example/privacy', null, null, null],
    );
  });

  it('hides the product panel from the first paint when BRAND_PRODUCT_PANEL=0', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/login', headers: { host: 'localhost' } });
    assert.match(answer.body, /document\.documentElement\.dataset\.productPanel="off"/);
    const csp = String(answer.headers['content-security-policy']);
    for (const hash of inlineScriptHashes(answer.body)) assert.ok(csp.includes(hash), 'the settings script is allowed by its hash');
  });

  it('serves the build page as built to the default brand, and a host its own name and colour before any script', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/login', headers: { host: 'localhost' } });
    assert.match(plain.body, /<title>Sign in \| Gatehouse<\/title>/);
    assert.doesNotMatch(plain.body, /"brand":/);

    const answer = await t.app.inject({ method: 'GET', url: '/login', headers: { host: 'portal.acme.example' } });
    const name = 'Acme &quot;Monitoring&quot; &lt;Co&gt;';
    assert.ok(answer.body.includes(`<title>Sign in | ${name}</title>`), answer.body);
    assert.ok(answer.body.includes(`<span class="brand__name">${name}</span>`));
    assert.ok(answer.body.includes(`© <!-- -->${name}</span>`));
    assert.ok(answer.body.includes(`content="${name}: sign in"`));
    assert.ok(answer.body.includes(`aria-label="${name}"`));
    assert.doesNotMatch(answer.body, /Gatehouse/, 'the build name is left nowhere');
    assert.ok(answer.body.includes('<style>:root{--brand:#0f766e}</style>'));
    assert.ok(answer.body.includes('"brand":{"name":"Acme \\"Monitoring\\" \\u003cCo>","color":"#0f766e"}'), answer.body);
    const csp = String(answer.headers['content-security-policy']);
    for (const hash of inlineScriptHashes(answer.body)) assert.ok(csp.includes(hash), 'every inline script is allowed by its hash');
    assert.notEqual(answer.headers.etag, plain.headers.etag);
  });

  it('keeps the inline scripts whole whatever the brand is called (a backslash after the build’s own name)', async () => {
    await brandHost('portal.odd.example', 'Gatehouse\\');
    const answer = await t.app.inject({ method: 'GET', url: '/login', headers: { host: 'portal.odd.example' } });
    const scripts = [...answer.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    assert.ok(scripts.length > 0);
    for (const script of scripts) assert.doesNotThrow(() => new Function(script), script);
    assert.ok(answer.body.includes('<span class="brand__name">Gatehouse\\</span>'), answer.body);
  });
});
