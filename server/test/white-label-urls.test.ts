import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { upsertBrand } from '../src/features/brands/brand.repository.ts';
import { visitor } from './support/accounts.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';

// The audit (XSS and mail injection through white-label fields): a brand
// row saved before the CLI checked its values, or written by hand, never reaches a page or a
// mail as a javascript: link, a link to another site by "/\", or CSS in the colour.
describe('white-label fields', () => {
  let t: TestApp;
  before(async () => (t = await startBehindProxy()));
  after(() => t.stop());

  it('answers only https URLs and a #rrggbb colour, whatever the stored row holds', async () => {
    await upsertBrand(t.deps.db, {
      host: 'hostile.example.com',
      brand_name: 'Hostile <b>Brand</b>',
      favicon_url: 'javascript:alert(1)',
      logo_url: 'http://logo.example.com/logo.png',
      primary_color: 'red;background:url(https://evil.example/)',
      support_url: '/\\evil.example',
      dashboard_url: 'https://app.example.com/',
      privacy_url: 'https://user:pw@example.com/privacy',
      terms_url: ' https://example.com/terms',
      default_language: null,
      updated_at: new Date().toISOString(),
    });
    const answer = await t.client().get('/white-label?host=hostile.example.com');
    assert.equal(answer.status, 200);
    const data = answer.json.data;
    assert.deepEqual(
      [data.faviconUrl, data.logoUrl, data.primaryColor, data.supportUrl, data.dashboardUrl, data.privacyUrl, data.termsUrl],
      [null, null, null, null, 'https://app.example.com/', null, null],
    );

    // A dashboard on plain http only on a loopback host (decision 049): the operator's own machine.
    for (const [stored, answered] of [
      ['http://app.example.com/', null],
      ['http://127.0.0.1.nip.example/', null],
      ['http://user:pw@127.0.0.1:8091/', null],
      ['http://127.0.0.1:8091/', 'http://127.0.0.1:8091/'],
      ['http://localhost:8091/', 'http://localhost:8091/'],
    ] as const) {
      await upsertBrand(t.deps.db, {
        host: 'dashboard.example.com',
        brand_name: 'Dashboard',
        favicon_url: null,
        logo_url: null,
        primary_color: null,
        support_url: null,
        dashboard_url: stored,
        privacy_url: null,
        terms_url: null,
        default_language: null,
        updated_at: new Date().toISOString(),
      });
      const brand = await t.client().get('/white-label?host=dashboard.example.com');
      assert.equal(brand.json.data.dashboardUrl, answered, stored);
    }

    // The mails of that host: the colour falls back to the default, the name is escaped in HTML.
    const email = 'branded-hostile@example.com';
    const signup = await visitor(t, { 'x-forwarded-host': 'hostile.example.com' }).post('/user/signup', {
      email,
      dataProcessingConsent: true,
    });
    assert.equal(signup.status, 200, signup.text);
    const mail = await t.smtp.waitFor(email);
    assert.doesNotMatch(mail.html, /evil\.example|<b>Brand<\/b>/);
    assert.match(mail.html, /Hostile &lt;b&gt;Brand&lt;\/b&gt;/);
  });
});
