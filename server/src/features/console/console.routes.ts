import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Caller, Deps } from '../../deps.ts';
import { errorResponse } from '../../http/route-schemas.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { findAccountById } from '../accounts/account.repository.ts';
import { countAccountFailure } from '../auth/account-run.ts';
import { hasAuthenticator, hasSecondFactor } from '../auth/factors.ts';
import { registerOwnClient } from '../oidc/oidc-client.service.ts';
import type { OidcProviders } from '../oidc/oidc-providers.ts';
import type { OidcVault } from '../oidc/oidc-vault.ts';
import { findOperatorRole } from '../operators/operators.service.ts';
import { confirmPassword } from '../settings/settings-access.ts';
import { useAuthenticatorCode } from '../two-factor/authenticator.ts';
import {
  type ConsoleSession,
  checkCsrf,
  consoleCookieName,
  consoleCookieOptions,
  consoleSessionOf,
  endConsoleSession,
  freshProofMinutes,
  isFresh,
  markProved,
  startConsoleSession,
} from './console-session.ts';

/** The console's fixed client id at Gatehouse's own OpenID provider. */
export const consoleClientId = 'gatehouse-console';
export const consolePrefix = '/console';
const loginCookie = 'gatehouse_console_login';
const loginMinutes = 10;
const scope = 'openid email gatehouse';
const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The console's strict policy: its own scripts and styles only, calls to its own origin, no
 * framing, no plugins, no <base>; forms may only post here.
 */
export const consoleCsp =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

type ConsoleDeps = Deps & { vault: OidcVault; providers: OidcProviders };

interface PendingLogin {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

/** Only a path inside the console is a place to come back to. */
function returnPathOf(value: unknown): string {
  return typeof value === 'string' && /^\/console(\/[\w\-./%?=&]*)?$/.test(value) && !value.includes('//') ? value : `${consolePrefix}/`;
}

function filesUnder(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.add(relative(root, path).split('\\').join('/'));
    }
  };
  if (existsSync(root)) walk(root);
  return files;
}

/**
 * The operator's console on the admin listener (decision 062): its pages (the Vite build in
 * console/dist, with the app's page for every other path below /console), its sign-in as a
 * first-party client of Gatehouse's own OpenID provider, its server-side session and the fresh
 * proof a destructive action asks for. Everything else it does is the admin API's, which reads
 * the session like a token (admin-app.ts).
 */
export async function consoleRoutes(app: FastifyInstance, deps: ConsoleDeps, adminOrigin: () => string): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = { config: { adminPublic: true }, schema: { hide: true } } as const;
  const issuer = deps.config.publicUrl;
  const publicHost = new URL(issuer).host;
  const clientSecret = deps.secrets.subKey('console client').toString('base64url');
  const redirectUri = () => `${adminOrigin()}${consolePrefix}/callback`;
  const callerOf = (request: FastifyRequest): Caller => ({ ip: request.ip, userAgent: request.headers['user-agent'], host: publicHost });

  // Registered (or brought up to date) on the first sign-in, once the listener knows its address.
  let registered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    registered ??= (async () => {
      await registerOwnClient(deps, consoleClientId, clientSecret, {
        name: 'Operator console',
        redirectUris: [redirectUri()],
        postLogoutRedirectUris: [],
        public: false,
      });
      return oidc.discovery(new URL(issuer), consoleClientId, clientSecret, oidc.ClientSecretBasic(clientSecret), {
        // Plain http only for a Gatehouse on this machine (development, the tests).
        execute: loopback.has(new URL(issuer).hostname) ? [oidc.allowInsecureRequests] : [],
      });
    })().catch((error: unknown) => {
      registered = undefined;
      throw error;
    });
    return registered;
  };

  // The Gatehouse session behind a sign-in, found in this process through the provider's own
  // record of the access token: its grant was recorded with the session it was made in.
  const gatehouseSessionOf = async (accessToken: string): Promise<string | undefined> => {
    const provider = await deps.providers.providerFor(issuer, null);
    const token = await provider.AccessToken.find(accessToken);
    if (!token?.grantId) return undefined;
    const grant = await deps.db
      .selectFrom('oidc_grants')
      .select('session_id')
      .where('grant_key', '=', deps.vault.key('grant', token.grantId))
      .where('client_id', '=', consoleClientId)
      .executeTakeFirst();
    return grant?.session_id;
  };

  const signedInOrFail = async (request: FastifyRequest): Promise<ConsoleSession> => {
    const session = await consoleSessionOf(deps, request, adminOrigin());
    if (!session) throw new AppError(401, 'console.signed_out');
    return session;
  };

  const toConsole = (reply: FastifyReply, path: string) => reply.redirect(path, 303);

  app.get(`${consolePrefix}/sign-in`, own, async (request, reply) => {
    const config = await configuration();
    const pending: PendingLogin = {
      verifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      returnTo: returnPathOf((request.query as { returnTo?: unknown }).returnTo),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope,
      response_type: 'code',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      ui_locales: 'en',
    });
    // Lax: the provider sends the browser back from another site, which a Strict cookie would not survive.
    reply.setCookie(loginCookie, deps.secrets.seal(JSON.stringify(pending)), {
      path: `${consolePrefix}/callback`,
      httpOnly: true,
      sameSite: 'lax',
      secure: adminOrigin().startsWith('https:'),
      maxAge: loginMinutes * 60,
    });
    return reply.redirect(url.href, 303);
  });

  app.get(`${consolePrefix}/callback`, own, async (request, reply) => {
    const sealed = request.cookies[loginCookie];
    reply.clearCookie(loginCookie, { path: `${consolePrefix}/callback` });
    let pending: PendingLogin;
    try {
      pending = JSON.parse(deps.secrets.open(sealed ?? ''));
    } catch {
      return toConsole(reply, `${consolePrefix}/?error=console.sign_in_failed`);
    }
    let claims: oidc.IDToken | undefined;
    let sessionId: string | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), new URL(request.url, adminOrigin()), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      sessionId = await gatehouseSessionOf(tokens.access_token);
    } catch (error) {
      request.log.info({ err: error }, 'console sign-in failed');
    }
    if (!claims || !sessionId) return toConsole(reply, `${consolePrefix}/?error=console.sign_in_failed`);
    const account = await findAccountById(deps.db, claims.sub);
    if (!account || !(await findOperatorRole(deps.db, account.id))) return toConsole(reply, `${consolePrefix}/?error=console.not_operator`);
    const amr = Array.isArray(claims.amr) ? claims.amr.map(String) : [];
    if (!amr.includes('mfa')) {
      // No second factor at all: set one up first; one the sign-in did not use: sign in with it.
      if (!(await hasSecondFactor(deps.db, account.id))) return reply.redirect(`${issuer}/settings/two-factor`, 303);
      return toConsole(reply, `${consolePrefix}/?error=console.second_factor_required`);
    }
    const authTime = typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000) : new Date(0);
    const token = await startConsoleSession(deps, {
      accountId: account.id,
      sessionId,
      amr,
      provedAt: authTime,
      actor: { kind: 'operator', id: account.id, name: account.email, ip: request.ip },
    });
    reply.setCookie(consoleCookieName(adminOrigin()), token, consoleCookieOptions(adminOrigin()));
    return toConsole(reply, pending.returnTo);
  });

  const sessionView = (session: ConsoleSession) => ({
    operator: { ...session.account, role: session.role, scopes: [...session.principal.scopes] },
    csrf: session.csrf,
    provedAt: session.provedAt,
    fresh: isFresh(deps, session),
    freshMinutes: freshProofMinutes,
  });
  const replies = { 200: z.unknown(), '4xx': errorResponse, '5xx': errorResponse };

  r.get(`${consolePrefix}/session`, { ...own, schema: { hide: true, response: replies } }, async (request) => ({
    data: sessionView(await signedInOrFail(request)),
  }));

  // A fresh proof: the password and a code from the authenticator app. Wrong answers count like
  // failed sign-ins, in the account's run (decision 019), so a stolen console session cannot guess.
  r.post(
    `${consolePrefix}/proof`,
    {
      ...own,
      schema: {
        hide: true,
        body: z.object({ currentPassword: z.string().max(1000).optional(), code: z.string().max(20).optional() }),
        response: replies,
      },
    },
    async (request) => {
      const session = await signedInOrFail(request);
      checkCsrf(session, request);
      const account = await findAccountById(deps.db, session.account.id);
      if (!account) throw new AppError(401, 'console.signed_out');
      const caller = callerOf(request);
      const { currentPassword, code } = request.body;
      if (!currentPassword)
        throw badRequest('validation.password_required', { fields: { currentPassword: 'validation.password_required' } });
      if (!(await hasAuthenticator(deps.db, account.id))) throw badRequest('console.proof_needs_authenticator');
      if (!code?.trim()) throw badRequest('console.code_required', { fields: { code: 'console.code_required' } });
      await confirmPassword(deps, { account, session: { amr: 'pwd otp mfa' } }, currentPassword, caller, { clear: false });
      const check = await useAuthenticatorCode(deps.db, deps, account.id, code.replace(/\s/g, ''));
      if (!check.ok) {
        await deps.limits.signinFailed(account.email, caller.ip);
        await countAccountFailure(deps, account.email, account, caller);
        throw badRequest('two_factor.invalid_code', { fields: { code: 'two_factor.invalid_code' } });
      }
      const provedAt = await markProved(deps, session);
      return { data: sessionView({ ...session, provedAt }) };
    },
  );

  r.post(`${consolePrefix}/sign-out`, { ...own, schema: { hide: true, response: replies } }, async (request, reply) => {
    const session = await consoleSessionOf(deps, request, adminOrigin());
    if (session) {
      checkCsrf(session, request);
      await endConsoleSession(deps, session.key);
    }
    reply.clearCookie(consoleCookieName(adminOrigin()), consoleCookieOptions(adminOrigin()));
    return { data: { signedOut: true } };
  });

  // The pages: the build's files by their path, the app's page for every other path.
  const root = deps.config.consoleRoot;
  const files = filesUnder(root);
  await app.register(fastifyStatic, { root, serve: false, preCompressed: false });
  app.get(consolePrefix, own, async (_request, reply) => reply.redirect(`${consolePrefix}/`, 301));
  app.get(`${consolePrefix}/*`, own, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    reply.header('content-security-policy', consoleCsp);
    if (files.has(path) && path !== 'index.html') {
      if (path.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(path);
    }
    // A file the build does not have is missing, not a page of the app (an old tab asking for a replaced script).
    if (path.startsWith('assets/')) throw new AppError(404, 'request.not_found', { params: { path: request.url } });
    if (!files.has('index.html')) throw new AppError(404, 'console.not_built');
    reply.header('cache-control', 'no-store');
    return reply.sendFile('index.html');
  });
}
