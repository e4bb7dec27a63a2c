// A real OpenID provider (oidc-provider, OpenID Certified) on a loopback port, for the server
// tests and the browser suite. Two flavours, as the product meets them:
// - 'google': one issuer, `email_verified` in the ID token;
// - 'microsoft': the multi-tenant shape, a `common` discovery document naming
//   `{tenantid}` in its issuer, ID tokens issued by one tenant with `tid` and `xms_edov`.
// Its own login page (served here, as a real provider serves its own) takes a user's login and
// any password; consent is given for the test client up front, as for a first-party app.
// `behaviour` lets a test make the provider misbehave: sign with another key, for another
// audience, with another nonce, answer garbage, hang, or be down.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';
import { memoryStore } from './oidc-provider-store.ts';

export interface ProviderUser {
  /** What to type in the provider's login field; the provider makes it the subject. */
  login: string;
  sub: string;
  email?: string;
  /** Google: `email_verified`. */
  emailVerified?: boolean;
  /** Microsoft: `xms_edov` (absent when undefined). */
  xmsEdov?: boolean;
  /** Microsoft: defaults to the provider's tenant. */
  tid?: string;
  givenName?: string;
  familyName?: string;
}

export type Behaviour = 'normal' | 'foreign-key' | 'audience' | 'nonce' | 'garbage' | 'hang' | 'error-500';

export interface TestOidcProvider {
  flavour: 'google' | 'microsoft';
  /** The issuer to configure (Microsoft: the `common` one). */
  issuer: string;
  origin: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  behaviour: Behaviour;
  /** GOOGLE_* or MICROSOFT_* settings for a Gatehouse on this provider. */
  env(): Record<string, string>;
  addUser(user: Omit<ProviderUser, 'sub' | 'login'> & { sub?: string; login?: string }): ProviderUser;
  /** Signs in at the provider like a browser would, from the authorization URL to our callback URL. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** Presses "Cancel" on the provider's login page: the callback URL with error=access_denied. */
  cancel(authorizationUrl: string): Promise<URL>;
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  restart(): Promise<void>;
}

let counter = 0;

export async function startOidcProvider(options: {
  flavour: 'google' | 'microsoft';
  /** A callback registered up front; any loopback Gatehouse's callback is accepted too. */
  appOrigins?: string[];
  port?: number;
}): Promise<TestOidcProvider> {
  const { flavour } = options;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const tenantId = flavour === 'microsoft' ? '9188040d-6c67-4c5b-b112-36a304b66dad' : '';
  const prefix = flavour === 'microsoft' ? `/${tenantId}/v2.0` : '';
  const providerIssuer = `${origin}${prefix}`;
  const configuredIssuer = flavour === 'microsoft' ? `${origin}/common/v2.0` : origin;
  counter += 1;
  const clientId = `gatehouse-${flavour}-${counter}`;
  const clientSecret = `secret-${flavour}-${counter}-${Math.random().toString(36).slice(2)}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: `key-${flavour}-${counter}`, alg: 'RS256', use: 'sig' };
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const users = new Map<string, ProviderUser>();

  const extraClaims = flavour === 'microsoft' ? ['tid', 'xms_edov'] : [];
  const provider = new Provider(providerIssuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: (options.appOrigins ?? ['http://localhost']).map((o) => `${o}/connect/${flavour}/callback`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [`cookie-key-${counter}-${Math.random()}`] },
    claims: {
      openid: ['sub', ...extraClaims],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Google and Microsoft put the e-mail in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Configured, not left to oidc-provider's quick-start defaults (each of which prints a
    // development warning): its store, its lifetimes, and its login page (below).
    adapter: memoryStore(),
    ttl: { Interaction: 3600, Session: 86_400, Grant: 86_400, AuthorizationCode: 60, AccessToken: 3600, IdToken: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${prefix}/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const user = users.get(id);
      if (!user) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: user.sub,
            ...(user.email !== undefined ? { email: user.email } : {}),
            ...(flavour === 'google' && user.emailVerified !== undefined ? { email_verified: user.emailVerified } : {}),
            ...(flavour === 'microsoft' ? { tid: user.tid ?? tenantId } : {}),
            ...(flavour === 'microsoft' && user.xmsEdov !== undefined ? { xms_edov: user.xmsEdov } : {}),
            given_name: user.givenName,
            family_name: user.familyName,
            name: [user.givenName, user.familyName].filter(Boolean).join(' ') || undefined,
          };
        },
      };
    },
    // A first-party app: consent is given, so the login page is the only interaction.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '');
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client?.clientId, accountId: ctx.oidc.session?.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // Tests start Gatehouse on free ports: a callback on any loopback port is this client's.
  const registered = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: unknown, value: string) {
    const url = new URL(value);
    const loopback = ['localhost', '127.0.0.1'].includes(url.hostname) && url.pathname === `/connect/${flavour}/callback` && !url.search;
    return loopback || registered.call(this, value);
  };
  const handle = provider.callback();

  const harness: TestOidcProvider = {
    flavour,
    issuer: configuredIssuer,
    origin,
    tenantId,
    clientId,
    clientSecret,
    behaviour: 'normal',
    env() {
      const name = flavour.toUpperCase();
      return { [`${name}_CLIENT_ID`]: clientId, [`${name}_CLIENT_SECRET`]: clientSecret, [`${name}_ISSUER`]: configuredIssuer };
    },
    addUser(input) {
      counter += 1;
      // oidc-provider makes the login the subject: one value for both.
      const sub = input.sub ?? input.login ?? `user-${counter}-${Math.random().toString(36).slice(2, 10)}`;
      const user: ProviderUser = { ...input, sub, login: sub };
      users.set(user.login, user);
      return user;
    },
    async signIn(authorizationUrl, login) {
      const jar = new Map<string, string>();
      const page = await follow(jar, authorizationUrl);
      const form = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
      if (!form) throw new Error(`no login form at the provider: ${page.status} ${page.body.slice(0, 200)}`);
      const submit = await send(
        jar,
        new URL(form.replace(/&amp;/g, '&'), origin).href,
        'POST',
        new URLSearchParams({ prompt: 'login', login, password: 'any password' }),
      );
      return followToApp(jar, submit);
    },
    async cancel(authorizationUrl) {
      const jar = new Map<string, string>();
      const page = await follow(jar, authorizationUrl);
      const abort = /<a href="([^"]+\/abort)"/.exec(page.body)?.[1];
      if (!abort) throw new Error('no cancel link at the provider');
      return followToApp(jar, await send(jar, new URL(abort.replace(/&amp;/g, '&'), origin).href, 'GET'));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    restart: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    if (flavour === 'microsoft' && url === '/common/v2.0/.well-known/openid-configuration') {
      // Microsoft's multi-tenant document: the issuer is a template every tenant fills in.
      void fetch(`${providerIssuer}/.well-known/openid-configuration`)
        .then((answer) => answer.json())
        .then((document) => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ ...(document as object), issuer: `${origin}/{tenantid}/v2.0` }));
        });
      return;
    }
    if (!url.startsWith(`${prefix}/`) && url !== prefix) {
      response.statusCode = 404;
      return response.end();
    }
    const isToken = url.startsWith(`${prefix}/token`);
    if (isToken && harness.behaviour === 'hang') return; // never answers
    if (isToken && harness.behaviour === 'garbage') {
      response.setHeader('content-type', 'text/html');
      return response.end('<html><body>Service temporarily overloaded</body></html>');
    }
    if (isToken && harness.behaviour === 'error-500') {
      response.statusCode = 500;
      response.setHeader('content-type', 'application/json');
      return response.end('{"error":"server_error"}');
    }
    if (isToken && harness.behaviour !== 'normal') tamperWith(response, harness.behaviour);
    if (prefix) {
      (request as IncomingMessage & { originalUrl?: string }).originalUrl = url;
      request.url = url.slice(prefix.length) || '/';
    }
    const interaction = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(request.url ?? '');
    if (interaction) {
      loginPage(request, response, interaction[1] ?? '', interaction[2]).catch((error: Error) => {
        response.statusCode = 400;
        response.end(`${error.name}: ${error.message}`);
      });
      return;
    }
    handle(request, response);
  });

  /** The provider's login page: any login (made the subject) with any password, or Cancel. */
  async function loginPage(request: IncomingMessage, response: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('another interaction');
    if (action === '/abort') {
      const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
      return provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
    }
    if (action === '/login' && request.method === 'POST') {
      let body = '';
      for await (const chunk of request) body += chunk;
      const login = new URLSearchParams(body).get('login') ?? '';
      return provider.interactionFinished(request, response, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    }
    const base = `${prefix}/interaction/${uid}`;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>Sign in</title></head><body><main><h1>Sign in</h1><form method="post" action="${base}/login">` +
        `<label>Login <input type="text" name="login" required autofocus></label> ` +
        `<label>Password <input type="password" name="password" required></label> ` +
        `<button type="submit">Sign in</button></form><a href="${base}/abort">[ Cancel ]</a></main></body></html>`,
    );
  }

  /** Rewrites the ID token of a token answer as a misbehaving provider would. */
  function tamperWith(response: ServerResponse, behaviour: Behaviour) {
    const end = response.end.bind(response);
    // biome-ignore lint/suspicious/noExplicitAny: Node's overloaded end(); only the body form is used by oidc-provider
    (response as any).end = (chunk: unknown, ...rest: unknown[]) => {
      void (async () => {
        const body = JSON.parse(String(chunk)) as { id_token?: string };
        if (body.id_token) {
          const claims = decodeJwt(body.id_token);
          const header = decodeProtectedHeader(body.id_token);
          const key = behaviour === 'foreign-key' ? foreign.privateKey : await importJWK(signingJwk, 'RS256');
          if (behaviour === 'audience') claims.aud = 'another-application';
          if (behaviour === 'nonce') claims.nonce = 'a-nonce-of-another-sign-in';
          body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: header.kid, typ: header.typ }).sign(key);
        }
        const text = JSON.stringify(body);
        response.setHeader('content-length', Buffer.byteLength(text));
        end(text, ...(rest as []));
      })();
      return response;
    };
  }

  return harness;
}

async function send(jar: Map<string, string>, url: string, method = 'GET', body?: URLSearchParams) {
  const headers: Record<string, string> = {};
  const host = new URL(url).host;
  const cookies = [...jar].filter(([key]) => key.startsWith(`${host}|`)).map(([key, value]) => `${key.split('|')[1]}=${value}`);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    jar.set(`${host}|${pair.slice(0, index).trim()}`, pair.slice(index + 1).trim());
  }
  return { status: response.status, location: response.headers.get('location'), url, body: await response.text() };
}

/** Follows redirects within the provider; returns the first page that is not a redirect. */
async function follow(jar: Map<string, string>, url: string) {
  let page = await send(jar, url);
  while (page.location) {
    const next = new URL(page.location, page.url);
    if (next.origin !== new URL(url).origin) throw new Error(`the provider sent the browser back at once: ${next.href}`);
    page = await send(jar, next.href);
  }
  return page;
}

/** Follows the provider's redirects until one leads back to the app (the callback URL). */
async function followToApp(jar: Map<string, string>, first: Awaited<ReturnType<typeof send>>): Promise<URL> {
  let page = first;
  for (let hops = 0; hops < 10; hops += 1) {
    if (!page.location) throw new Error(`the provider stopped at ${page.url}: ${page.status} ${page.body.slice(0, 300)}`);
    const next = new URL(page.location, page.url);
    if (next.pathname.includes('/connect/')) return next;
    page = await send(jar, next.href);
  }
  throw new Error('too many redirects at the provider');
}

export type { Server };
