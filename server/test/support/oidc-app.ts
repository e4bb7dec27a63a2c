import assert from 'node:assert/strict';
import * as oidc from 'openid-client';
import { runAdmin } from './admin-cli.ts';
import type { TestClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

/** An app as the operator registers it (`npm run admin -- client create … --json`). */
export async function registerClient(
  t: TestApp,
  extra: string[] = [],
): Promise<{ clientId: string; clientSecret: string; redirectUri: string }> {
  const redirectUri = 'http://127.0.0.1:9/callback';
  const created = await runAdmin(
    ['client', 'create', '--name', 'Monitoring dashboard', '--redirect-uri', redirectUri, '--json', ...extra],
    t.databaseUrl,
  );
  assert.equal(created.code, 0, created.stderr);
  return { ...JSON.parse(created.stdout), redirectUri };
}

/** The app's side, with the real openid-client against the issuer's discovery document. */
export function discover(t: TestApp, client: { clientId: string; clientSecret: string }) {
  return oidc.discovery(new URL(t.url), client.clientId, client.clientSecret, oidc.ClientSecretBasic(client.clientSecret), {
    execute: [oidc.allowInsecureRequests],
  });
}

export interface Authorization {
  url: URL;
  verifier: string;
  state: string;
}

export async function authorizationRequest(
  config: oidc.Configuration,
  redirectUri: string,
  params: Record<string, string> = {},
): Promise<Authorization> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile gatehouse',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...params,
  });
  return { url, verifier, state };
}

/**
 * Follows redirects as a browser would, with the client's cookies, until the app's callback
 * (returned) or a page (returned too, with its status): the path shows which.
 */
export async function browse(
  browser: TestClient,
  start: URL | string,
  stopAt: string,
): Promise<{ url: URL; status: number; text: string }> {
  let url = new URL(start);
  for (let hops = 0; hops < 20; hops += 1) {
    if (url.href.startsWith(stopAt)) return { url, status: 302, text: '' };
    const answer = await browser.get(url.href);
    const location = answer.headers.get('location');
    if (answer.status < 300 || answer.status >= 400 || !location) return { url, status: answer.status, text: answer.text };
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}

/** The app's code flow in a signed-in browser: no screen in between, the tokens at the end. */
export async function codeFlow(config: oidc.Configuration, browser: TestClient, redirectUri: string) {
  const request = await authorizationRequest(config, redirectUri);
  const landed = await browse(browser, request.url, redirectUri);
  assert.ok(landed.url.href.startsWith(redirectUri), `${landed.status} ${landed.url} ${landed.text.slice(0, 200)}`);
  const tokens = await oidc.authorizationCodeGrant(config, landed.url, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
  });
  return { tokens, callback: landed.url, request };
}
