import assert from 'node:assert/strict';
import type { Database } from '../../src/db/schema.ts';
import type { Dialect } from './databases.ts';
import type { TestClient } from './http-client.ts';
import { startOidcProvider, type TestOidcProvider } from './oidc-provider.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** What a browser sends when a page of the app leads it to /connect/… */
export const fromOurPage = { 'sec-fetch-site': 'same-origin' };

/** Starts single sign-on from one of the app's pages; returns the provider's authorization URL. */
export async function startSso(client: TestClient, provider: TestOidcProvider, query = ''): Promise<URL> {
  const start = await client.get(`/connect/${provider.flavour}${query ? `?${query}` : ''}`, fromOurPage);
  assert.equal(start.status, 302, start.text);
  const location = new URL(start.headers.get('location') ?? '');
  assert.equal(location.origin, provider.origin, `expected a redirect to the provider, got ${location.href}`);
  return location;
}

/** Starts connecting a provider to the signed-in account with a fresh proof (POST /sso/link); returns the provider's authorization URL. */
export async function startLink(
  client: TestClient,
  provider: TestOidcProvider,
  proof: { password?: string; code?: string; locale?: string },
): Promise<URL> {
  const start = await client.post('/sso/link', {
    provider: provider.flavour,
    currentPassword: proof.password,
    emailCode: proof.code,
    locale: proof.locale,
  });
  assert.equal(start.status, 200, start.text);
  const location = new URL(start.json.data.location);
  assert.equal(location.origin, provider.origin, `expected the provider's address, got ${location.href}`);
  return location;
}

/** Where the app sent the browser after the callback: path and query of its own origin. */
export async function callback(client: TestClient, url: URL): Promise<{ path: string; query: URLSearchParams; setCookie: string[] }> {
  const done = await client.get(`${url.pathname}${url.search}`);
  assert.equal(done.status, 302, done.text);
  const location = new URL(done.headers.get('location') ?? '');
  assert.equal(location.origin, new URL(client.baseUrl).origin, `redirected off the app: ${location.href}`);
  return { path: location.pathname, query: location.searchParams, setCookie: done.headers.getSetCookie() };
}

/** The whole round trip: start, sign in at the provider as `login`, come back. */
export async function ssoRoundTrip(client: TestClient, provider: TestOidcProvider, login: string, query = '') {
  const authorization = await startSso(client, provider, query);
  return callback(client, await provider.signIn(authorization.href, login));
}

/** Gatehouse on a fresh database with two real providers, one like Google, one like Microsoft. */
export interface SsoTestApp {
  t: TestApp;
  google: TestOidcProvider;
  microsoft: TestOidcProvider;
  /** How many rows a table holds now. */
  count(table: keyof Database): Promise<number>;
  stop(): Promise<void>;
}

export async function startSsoTestApp(dialect: Dialect): Promise<SsoTestApp> {
  const google = await startOidcProvider({ flavour: 'google' });
  const microsoft = await startOidcProvider({ flavour: 'microsoft' });
  const t = await startTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1', SSO_TIMEOUT_MS: '1500', ...google.env(), ...microsoft.env() } });
  return {
    t,
    google,
    microsoft,
    async count(table) {
      const row = await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async stop() {
      await t.stop();
      await google.stop();
      await microsoft.stop();
    },
  };
}
