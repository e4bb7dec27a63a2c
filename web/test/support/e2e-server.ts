// The real server for browser tests: a fresh SQLite file, the built web app, mail sent over
// SMTP to a real listener, and a small control port that hands the tests the captured mail
// and makes licenses (as an operator would with the CLI).
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReferencePanel } from '../../../scripts/reference-panel/server.ts';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { upsertBrand } from '../../../server/src/features/brands/brand.repository.ts';
import { createLicenses } from '../../../server/src/features/licenses/license.service.ts';
import { createPanel } from '../../../server/src/features/panels/panel.service.ts';
import { SmtpCapture } from '../../../server/test/support/smtp.ts';
import { foreignPanelUrl, panelUrl, ports } from './ports.ts';

const port = ports.app;
const controlPort = ports.control;
const smtp = new SmtpCapture();
const smtpUrl = await smtp.start();
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  DATABASE_URL: `file:${join(dir, 'e2e.db')}`,
  SMTP_URL: smtpUrl,
  LOG_LEVEL: 'warn',
  ARGON2_MEMORY_KIB: '4096',
  ARGON2_TIME_COST: '1',
  MAIL_POLL_MS: '200',
  ROUTE_RULES: process.env.ROUTE_RULES,
  // As behind a reverse proxy: a spec can stand for several visitors (X-Forwarded-For), each
  // with its own rate limits, as the screenshot gallery does for its sixteen accounts.
  TRUST_PROXY: '127.0.0.1',
});
const app = await buildApp(config);
await app.app.listen({ port, host: '127.0.0.1' });

// A second deployment of the same build, with an analytics key, sending events to the control
// port instead of Amplitude.
const analyticsPort = ports.analytics;
const analyticsApp = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    PORT: String(analyticsPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${analyticsPort}`,
    DATABASE_URL: `file:${join(dir, 'e2e-analytics.db')}`,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'warn',
    ARGON2_MEMORY_KIB: '4096',
    ARGON2_TIME_COST: '1',
    ANALYTICS_KEY: 'e2e-analytics-key',
    ANALYTICS_SERVER_URL: `http://127.0.0.1:${controlPort}/analytics`,
  }),
);
await analyticsApp.app.listen({ port: analyticsPort, host: '127.0.0.1' });
const analyticsEvents: unknown[] = [];

// A hosting panel registered as an operator would (npm run admin -- panel create), serving the
// panel build on its own origin; and the same build on an origin that was never registered.
const panel = await createPanel(app.deps.db, app.deps.clock, { name: 'Reference panel', platform: 'cpanel', origins: [panelUrl] });
const panelBuild = fileURLToPath(new URL('../../build-panel/client/', import.meta.url));
for (const panelPort of [ports.panel, ports.foreignPanel]) {
  await startReferencePanel({ port: panelPort, dir: panelBuild, apiKey: panel.apiKey, apiUrl: `http://localhost:${port}` });
}

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${controlPort}`);
  response.setHeader('content-type', 'application/json');
  if (url.pathname === '/analytics') {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'content-type');
    response.setHeader('access-control-allow-methods', 'POST');
    if (request.method === 'OPTIONS') return response.end();
    if (request.method === 'GET') return response.end(JSON.stringify(analyticsEvents));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    analyticsEvents.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    return response.end(JSON.stringify({ code: 200, events_ingested: 1 }));
  }
  if (url.pathname === '/mails') {
    const to = url.searchParams.get('to') ?? '';
    return response.end(JSON.stringify(smtp.mailsTo(to).map(({ subject, text, html }) => ({ subject, text, html }))));
  }
  if (url.pathname === '/licenses' && request.method === 'POST') {
    // ?platform=1 issues the license to the reference panel, for its users to activate.
    const platform = url.searchParams.get('platform') === '1';
    const [key] = await createLicenses(app.deps.db, app.deps.clock, {
      plan: (url.searchParams.get('plan') as 'pro') ?? 'pro',
      count: 1,
      kind: platform ? 'platform' : 'standalone',
      ...(platform ? { panelId: panel.id } : {}),
    });
    return response.end(JSON.stringify({ key }));
  }
  if (url.pathname === '/panel') {
    return response.end(JSON.stringify({ apiKey: panel.apiKey, url: panelUrl, foreignUrl: foreignPanelUrl }));
  }
  if (url.pathname === '/brands' && request.method === 'POST') {
    const get = (name: string) => url.searchParams.get(name);
    await upsertBrand(app.deps.db, {
      host: get('host') ?? '',
      brand_name: get('name') ?? '',
      favicon_url: get('favicon'),
      logo_url: null,
      primary_color: get('color'),
      support_url: get('support'),
      dashboard_url: get('dashboard'),
      privacy_url: get('privacy'),
      terms_url: get('terms'),
      default_language: null,
      updated_at: new Date().toISOString(),
    });
    return response.end('{}');
  }
  // Teams: the invitations of an address past their 7 days, as time would make them.
  if (url.pathname === '/invitations/expire' && request.method === 'POST') {
    await app.deps.db
      .updateTable('team_invitations')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('email', '=', url.searchParams.get('email') ?? '')
      .execute();
    return response.end('{}');
  }
  response.statusCode = 404;
  response.end('{}');
}).listen(controlPort, '127.0.0.1');

console.log(`e2e server on http://localhost:${port}, control on ${controlPort}`);
