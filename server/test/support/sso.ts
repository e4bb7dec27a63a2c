import assert from 'node:assert/strict';
import type { TestClient } from './http-client.ts';
import type { TestOidcProvider } from './oidc-provider.ts';

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
