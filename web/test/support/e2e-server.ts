// The real server for browser tests: a fresh SQLite file, the built web app, mail sent over
// SMTP to a real listener, and a small control port that hands the tests the captured mail
// and makes licenses (as an operator would with the CLI).

import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isOperatorRole } from '@gatehouse/contract';
import { startReferenceDashboard } from '../../../scripts/reference-dashboard/server.ts';
import { startReferencePanel } from '../../../scripts/reference-panel/server.ts';
import { cliActor } from '../../../server/src/features/operators/operator-audit.ts';
import { grantOperator } from '../../../server/src/features/operators/operators.service.ts';
import {
  buildApp,
  connectIdentity,
  expireInvitations,
  issueLicense,
  loadConfig,
  makeAccountFixture,
  registerApp,
  registerPanel,
  SmtpCapture,
  setBrand,
  signInWithTwoFactorsDirectlyByEmail,
  startOidcProvider,
} from '../../../server/test/support/index.ts';
import { makeTeamFixture, makeTwoFactorFixture } from '../../../server/test/support/team-fixtures.ts';
import { dashboardUrl, deploymentOf, foreignPanelUrl, handOffDashboardUrl, panelUrl, ports } from './ports.ts';
import { oneVisitorPerTest } from './visitors.ts';

const port = ports.app;
const controlPort = ports.control;
const smtp = new SmtpCapture();
const smtpUrl = await smtp.start();
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
// Real OpenID providers on loopback, whose own login pages the browser visits.
const appOrigins = [`http://localhost:${port}`];
const google = await startOidcProvider({ flavour: 'google', appOrigins, port: ports.google });
const microsoft = await startOidcProvider({ flavour: 'microsoft', appOrigins, port: ports.microsoft });
/** A loopback server of the build on its own port and SQLite file, mail to the capture. */
const serverConfig = (serverPort: number, database: string, env: Record<string, string | undefined>) =>
  loadConfig({
    NODE_ENV: 'test',
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${serverPort}`,
    DATABASE_URL: `file:${join(dir, database)}`,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'warn',
    ARGON2_MEMORY_KIB: '4096',
    ARGON2_TIME_COST: '1',
    ...env,
  });
const config = serverConfig(port, 'e2e.db', {
  MAIL_POLL_MS: '200',
  ROUTE_RULES: process.env.ROUTE_RULES,
  // As behind a reverse proxy: a spec can stand for several visitors (X-Forwarded-For), each
  // with its own rate limits, as the screenshot gallery does for its sixteen accounts.
  TRUST_PROXY: '127.0.0.1',
  // The install's way to support, which the code screen offers to a person locked out (decision 058).
  SUPPORT_CONTACT: 'support@example.com',
  ...google.env(),
  ...microsoft.env(),
});
const app = await buildApp(config);
oneVisitorPerTest(app);

// A second deployment of the same build, with an analytics key, sending events to the control
// port instead of Amplitude.
const analyticsPort = ports.analytics;
const analyticsApp = await buildApp(
  serverConfig(analyticsPort, 'e2e-analytics.db', {
    ANALYTICS_KEY: 'e2e-analytics-key',
    ANALYTICS_SERVER_URL: `http://127.0.0.1:${controlPort}/analytics`,
  }),
);
oneVisitorPerTest(analyticsApp);
await analyticsApp.app.listen({ port: analyticsPort, host: '127.0.0.1' });
const analyticsEvents: unknown[] = [];

// Each project's own deployment of the same build, on its own port and database, for the specs
// that change deployed files as a deploy would (platform.spec.ts): the build is copied afresh,
// so those changes never reach the pages other tests, running beside them, are on.
for (const [project, deploymentPort] of [
  ['desktop', ports.desktopDeployment],
  ['phone', ports.phoneDeployment],
] as const) {
  const { client } = deploymentOf(project);
  rmSync(client, { recursive: true, force: true });
  cpSync(config.webRoot, client, { recursive: true });
  const deployment = await buildApp(
    serverConfig(deploymentPort, `e2e-${project}-deployment.db`, { ROUTE_RULES: process.env.ROUTE_RULES, WEB_ROOT: client }),
  );
  oneVisitorPerTest(deployment);
  await deployment.app.listen({ port: deploymentPort, host: '127.0.0.1' });
}

// A hosting panel registered as an operator would (npm run admin -- panel create), serving the
// panel build on its own origin; and the same build on an origin that was never registered.
const panel = await registerPanel(app, { name: 'Reference panel', platform: 'cpanel', origins: [panelUrl] });
const panelBuild = fileURLToPath(new URL('../../build-panel/client/', import.meta.url));
for (const panelPort of [ports.panel, ports.foreignPanel]) {
  await startReferencePanel({ port: panelPort, dir: panelBuild, apiKey: panel.apiKey, apiUrl: `http://localhost:${port}` });
}

// The reference dashboard, registered as an operator would (npm run admin -- client create).
const dashboardClient = await registerApp(app, {
  name: 'Monitoring dashboard',
  redirectUris: [`${dashboardUrl}/callback`],
  postLogoutRedirectUris: [`${dashboardUrl}/`],
  initiateLoginUri: `${dashboardUrl}/login`,
  backchannelLogoutUri: `${dashboardUrl}/backchannel-logout`,
});
await startReferenceDashboard({
  port: ports.dashboard,
  issuer: `http://localhost:${port}`,
  clientId: dashboardClient.clientId,
  clientSecret: dashboardClient.clientSecret ?? '',
});

// A deployment whose brand's dashboard (BRAND_DASHBOARD_URL, plain http on loopback) is a
// reference dashboard registered with its initiate-login URI: "Finish" and "Back to dashboard"
// hand off there, so the person arrives signed in. Its own server, as the brand is the default one.
const handOffIssuer = `http://localhost:${ports.handOff}`;
const handOffApp = await buildApp(
  serverConfig(ports.handOff, 'e2e-hand-off.db', {
    MAIL_POLL_MS: '200',
    TRUST_PROXY: '127.0.0.1',
    BRAND_DASHBOARD_URL: `${handOffDashboardUrl}/`,
  }),
);
oneVisitorPerTest(handOffApp);
const handOffClient = await registerApp(handOffApp, {
  name: 'Monitoring dashboard',
  redirectUris: [`${handOffDashboardUrl}/callback`],
  postLogoutRedirectUris: [`${handOffDashboardUrl}/`],
  initiateLoginUri: `${handOffDashboardUrl}/login`,
});
await startReferenceDashboard({
  port: ports.handOffDashboard,
  issuer: handOffIssuer,
  clientId: handOffClient.clientId,
  clientSecret: handOffClient.clientSecret ?? '',
});
await handOffApp.app.listen({ port: ports.handOff, host: '127.0.0.1' });

await app.app.listen({ port, host: '127.0.0.1' });
// The admin listener, with the operator's console (decision 062), on a port of the system's choosing.
await app.admin.listen({ port: 0, host: '127.0.0.1' });
const adminAddress = app.admin.server.address();
const adminUrl = `http://127.0.0.1:${typeof adminAddress === 'object' && adminAddress ? adminAddress.port : 0}`;

// Last: Playwright starts the tests once this port's /ready answers, and they use every other port at once.
const control = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${controlPort}`);
  response.setHeader('content-type', 'application/json');
  if (url.pathname === '/ready') return response.end('{}');
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
    const key = await issueLicense(url.searchParams.get('deployment') === 'hand-off' ? handOffApp : app, {
      plan: (url.searchParams.get('plan') as 'pro') ?? 'pro',
      ...(url.searchParams.get('platform') === '1' ? { panelId: panel.id } : {}),
    });
    return response.end(JSON.stringify({ key }));
  }
  if (url.pathname === '/admin') return response.end(JSON.stringify({ url: adminUrl }));
  // An operator, granted as by the CLI (npm run admin -- operator grant EMAIL --role ROLE).
  if (url.pathname === '/operators' && request.method === 'POST') {
    const role = url.searchParams.get('role') ?? 'support';
    if (!isOperatorRole(role)) {
      response.statusCode = 400;
      return response.end('{}');
    }
    return response.end(JSON.stringify(await grantOperator(app.deps, url.searchParams.get('email') ?? '', role, cliActor())));
  }
  // An operator's console sign-in made older than a destructive action allows, as time would.
  if (url.pathname === '/console-sessions/stale' && request.method === 'POST') {
    const account = await app.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', url.searchParams.get('email') ?? '')
      .executeTakeFirstOrThrow();
    const provedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    await app.deps.db.updateTable('console_sessions').set({ proved_at: provedAt }).where('account_id', '=', account.id).execute();
    return response.end('{}');
  }
  if (url.pathname === '/panel') {
    return response.end(JSON.stringify({ apiKey: panel.apiKey, url: panelUrl, foreignUrl: foreignPanelUrl }));
  }
  if (url.pathname === '/brands' && request.method === 'POST') {
    const get = (name: string) => url.searchParams.get(name);
    await setBrand(app, {
      host: get('host') ?? '',
      name: get('name') ?? '',
      favicon: get('favicon'),
      color: get('color'),
      support: get('support'),
      dashboard: get('dashboard'),
      privacy: get('privacy'),
      terms: get('terms'),
    });
    return response.end('{}');
  }
  // A person at the provider (POST /sso-users?provider=google&email=…&verified=1),
  // and an identity connected to an account without the round trip (for the gallery).
  if (url.pathname === '/sso-users' && request.method === 'POST') {
    const provider = url.searchParams.get('provider') === 'microsoft' ? microsoft : google;
    const verified = url.searchParams.get('verified') === '1';
    const user = provider.addUser({
      email: url.searchParams.get('email') ?? undefined,
      emailVerified: verified,
      xmsEdov: verified ? true : undefined,
      givenName: url.searchParams.get('given') ?? undefined,
      familyName: url.searchParams.get('family') ?? undefined,
    });
    return response.end(JSON.stringify({ login: user.login, sub: user.sub }));
  }
  if (url.pathname === '/sso-identities' && request.method === 'POST') {
    const provider = url.searchParams.get('provider') === 'microsoft' ? microsoft : google;
    const login = await connectIdentity(app, provider, url.searchParams.get('email') ?? '', url.searchParams.get('as') ?? undefined);
    if (!login) {
      response.statusCode = 404;
      return response.end('{}');
    }
    return response.end(JSON.stringify({ login }));
  }
  // The invitations of an address past their 7 days, as time would make them.
  if (url.pathname === '/invitations/expire' && request.method === 'POST') {
    await expireInvitations(app, url.searchParams.get('email') ?? '');
    return response.end('{}');
  }
  // Until the two-factor sign-in is on this branch: an address enrolled and its sessions proved with two factors.
  if (url.pathname === '/two-factor/sign-in-directly' && request.method === 'POST') {
    await signInWithTwoFactorsDirectlyByEmail(app, url.searchParams.get('email') ?? '');
    return response.end('{}');
  }
  // A complete account in a given state, signed in (the state level's fixtures, support/states.ts).
  if (url.pathname === '/fixtures/account' && request.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { email, ...options } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    try {
      return response.end(JSON.stringify(await makeAccountFixture(app, email, options)));
    } catch (error) {
      response.statusCode = 500;
      return response.end(JSON.stringify({ error: String(error) }));
    }
  }
  // A team in a given state, and an account with an authenticator app (server/test/support/team-fixtures.ts).
  if (url.pathname === '/fixtures/team' && request.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { email, ...options } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const invitationMail = (to: string) => smtp.waitFor(to, (mail) => mail.text.includes('invitation='));
    try {
      const made = await makeTeamFixture(app, (who) => email.replace('@', `.${who}@`), invitationMail, options);
      return response.end(JSON.stringify(made));
    } catch (error) {
      response.statusCode = 500;
      return response.end(JSON.stringify({ error: String(error) }));
    }
  }
  if (url.pathname === '/fixtures/two-factor' && request.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { email, ...options } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    try {
      return response.end(JSON.stringify(await makeTwoFactorFixture(app, email, options)));
    } catch (error) {
      response.statusCode = 500;
      return response.end(JSON.stringify({ error: String(error) }));
    }
  }
  // Gatehouse as an OpenID provider: an app registered as by the CLI, whose callback is here.
  if (url.pathname === '/oidc-clients' && request.method === 'POST') {
    const redirectUri = `http://127.0.0.1:${controlPort}/app-callback`;
    const client = await registerApp(app, { name: 'Monitoring dashboard', redirectUris: [redirectUri] });
    return response.end(JSON.stringify({ ...client, redirectUri }));
  }
  if (url.pathname === '/app-callback') {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    return response.end('<!doctype html><html lang="en"><title>App</title><h1>Back in the app</h1></html>');
  }
  response.statusCode = 404;
  response.end('{}');
}).listen(controlPort, '127.0.0.1');
await once(control, 'listening');

console.log(`e2e server on http://localhost:${port}, control on ${controlPort}`);
