// The reference dashboard: one of the operator's apps, signing people in with Gatehouse as its
// OpenID provider (decision 033), for development, the README and the browser tests. A
// confidential client on the code flow with PKCE S256, through openid-client; its own session
// (in memory, behind an HttpOnly cookie) holds the tokens and the claims they carry.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as oidc from 'openid-client';
import { type LogoutTarget, LogoutTokenError, logoutTokenVerifier } from './logout-token.ts';
import { type DashboardClaims, type SignedIn, signedInPage, signedOutPage } from './pages.ts';

export interface ReferenceDashboardOptions {
  port: number;
  /** Gatehouse's issuer: PUBLIC_URL's origin. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface ReferenceDashboard {
  server: Server;
  origin: string;
  close(): Promise<void>;
}

interface Session {
  pending?: { verifier: string; state: string };
  signedIn?: SignedIn & { idToken: string; refreshToken?: string };
  /** Shown once on the next page (after a redirect). */
  flash?: string;
}

const sessionCookie = 'refdash_session';
const scope = 'openid email profile gatehouse';
const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

function sessionIdOf(request: IncomingMessage): string | undefined {
  return new RegExp(`(?:^|;\\s*)${sessionCookie}=([\\w-]+)`).exec(request.headers.cookie ?? '')?.[1];
}

async function formBody(request: IncomingMessage, limit = 64 * 1024): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new LogoutTokenError('request body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function page(response: ServerResponse, status: number, body: string, headers: Record<string, string | string[]> = {}) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(body);
}

function redirect(response: ServerResponse, location: string, headers: Record<string, string | string[]> = {}) {
  response.writeHead(303, { location, 'cache-control': 'no-store', ...headers }).end();
}

export async function startReferenceDashboard(options: ReferenceDashboardOptions): Promise<ReferenceDashboard> {
  const origin = `http://127.0.0.1:${options.port}`;
  const redirectUri = `${origin}/callback`;
  const issuer = new URL(options.issuer).origin;
  const sessions = new Map<string, Session>();

  // Discovery waits for the first request that needs it, so the dashboard may start before
  // Gatehouse; a failed attempt is tried again next time.
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(issuer), options.clientId, options.clientSecret, oidc.ClientSecretBasic(options.clientSecret), {
        // Plain http only for a Gatehouse on this machine (development, the tests); anything else is https.
        execute: loopback.has(new URL(issuer).hostname) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  let verifyLogoutToken: ReturnType<typeof logoutTokenVerifier> | undefined;
  const logoutVerifier = async () => {
    if (verifyLogoutToken) return verifyLogoutToken;
    const metadata = (await configuration()).serverMetadata();
    if (!metadata.jwks_uri) throw new Error('the provider publishes no jwks_uri');
    verifyLogoutToken = logoutTokenVerifier({
      issuer,
      clientId: options.clientId,
      jwksUri: new URL(metadata.jwks_uri),
      algorithms: metadata.id_token_signing_alg_values_supported ?? ['RS256'],
    });
    return verifyLogoutToken;
  };

  /** This browser's session, made on first use (the cookie is set with the answer). */
  function sessionOf(request: IncomingMessage, response: ServerResponse): Session {
    const id = sessionIdOf(request);
    const existing = id ? sessions.get(id) : undefined;
    if (existing) return existing;
    const fresh: Session = {};
    const newId = randomBytes(24).toString('base64url');
    sessions.set(newId, fresh);
    // Lax: a cross-site POST (refresh, sign-out) arrives without it, which is this app's CSRF defence.
    response.setHeader('set-cookie', `${sessionCookie}=${newId}; Path=/; HttpOnly; SameSite=Lax`);
    return fresh;
  }

  function signIn(session: Session, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers, refreshed: boolean) {
    const claims = tokens.claims() as DashboardClaims | undefined;
    if (!claims || !tokens.id_token) throw new Error('the provider sent no ID token');
    session.signedIn = {
      claims,
      readAt: new Date(),
      refreshed,
      idToken: tokens.id_token,
      refreshToken: tokens.refresh_token ?? session.signedIn?.refreshToken,
    };
  }

  /** Ends the local sessions a logout token names: its provider session, or else every one of its subject. */
  function endSessions(target: LogoutTarget): number {
    let ended = 0;
    for (const session of sessions.values()) {
      const claims = session.signedIn?.claims;
      if (!claims) continue;
      if (target.sid ? claims.sid === target.sid : claims.sub === target.sub) {
        session.signedIn = undefined;
        session.flash = 'You were signed out from Gatehouse.';
        ended += 1;
      }
    }
    return ended;
  }

  async function startSignIn(request: IncomingMessage, response: ServerResponse, url: URL) {
    // Started by Gatehouse (initiate_login_uri, OpenID Connect Core section 4): only for our issuer.
    const iss = url.searchParams.get('iss');
    if (iss !== null && iss !== issuer) {
      page(response, 400, signedOutPage({ text: `This dashboard signs in with ${issuer} only, not ${iss}.`, error: true }));
      return;
    }
    const config = await configuration();
    const session = sessionOf(request, response);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    session.pending = { verifier, state };
    const authorization = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    redirect(response, authorization.href);
  }

  async function callback(request: IncomingMessage, response: ServerResponse, url: URL) {
    const session = sessionOf(request, response);
    const pending = session.pending;
    session.pending = undefined;
    if (!pending) {
      page(response, 400, signedOutPage({ text: 'This sign-in was not started here, or was already used. Sign in again.', error: true }));
      return;
    }
    try {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), url, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
      });
      signIn(session, tokens, false);
    } catch (error) {
      page(response, 400, signedOutPage({ text: `Sign-in failed: ${(error as Error).message}`, error: true }));
      return;
    }
    redirect(response, '/');
  }

  async function refresh(request: IncomingMessage, response: ServerResponse) {
    const session = sessionOf(request, response);
    const current = session.signedIn;
    if (!current?.refreshToken) return redirect(response, '/');
    try {
      signIn(session, await oidc.refreshTokenGrant(await configuration(), current.refreshToken), true);
      session.flash = 'Refreshed: the claims below are from a new ID token.';
    } catch (error) {
      // invalid_grant: the Gatehouse session behind the tokens has ended (decision 033).
      if (!(error instanceof oidc.ResponseBodyError)) throw error;
      session.signedIn = undefined;
      session.flash = 'Your Gatehouse session has ended. Sign in again.';
    }
    redirect(response, '/');
  }

  async function signOut(request: IncomingMessage, response: ServerResponse) {
    const session = sessionOf(request, response);
    const idToken = session.signedIn?.idToken;
    session.signedIn = undefined;
    const config = await configuration();
    if (idToken && config.serverMetadata().end_session_endpoint) {
      // RP-initiated logout: Gatehouse ends its own session too, then sends the browser back here.
      redirect(response, oidc.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: `${origin}/` }).href);
      return;
    }
    session.flash = 'Signed out of this dashboard. Your Gatehouse session goes on.';
    redirect(response, '/');
  }

  async function backChannelLogout(request: IncomingMessage, response: ServerResponse) {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    try {
      const token = (await formBody(request)).get('logout_token');
      if (!token) throw new LogoutTokenError('logout_token is missing');
      const ended = endSessions(await (await logoutVerifier())(token));
      answer(200, { ended });
    } catch (error) {
      if (!(error instanceof LogoutTokenError)) throw error;
      answer(400, { error: 'invalid_request', error_description: error.message });
    }
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const route = `${request.method} ${url.pathname}`;
    try {
      if (route === 'GET /') {
        const session = sessionOf(request, response);
        const flash = session.flash;
        session.flash = undefined;
        if (session.signedIn) return page(response, 200, signedInPage(session.signedIn, flash));
        return page(response, 200, signedOutPage(flash ? { text: flash } : undefined));
      }
      if (route === 'GET /login') return await startSignIn(request, response, url);
      if (route === 'GET /callback') return await callback(request, response, url);
      if (route === 'POST /refresh') return await refresh(request, response);
      if (route === 'POST /logout') return await signOut(request, response);
      if (route === 'POST /backchannel-logout') return await backChannelLogout(request, response);
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    } catch (error) {
      if (response.headersSent) return response.destroy();
      page(response, 502, signedOutPage({ text: `Gatehouse could not be reached: ${(error as Error).message}`, error: true }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  return {
    server,
    origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
