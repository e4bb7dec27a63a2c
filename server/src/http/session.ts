import type { TwoFactorPrompt } from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Panel } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { challengeLifetimeMs } from '../features/auth/challenge.repository.ts';
import type { LiveSession } from '../features/auth/session.repository.ts';
import { resolveSession, type Started } from '../features/auth/session.service.ts';
import { panelKeyRefused, requirePanel } from '../features/panels/panel.service.ts';
import { unauthorized } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `session`: the route answers a signed-in caller only (`signedIn`, checked by `sessionGuard`). */
    auth?: 'session';
  }
  interface FastifyRequest {
    auth?: LiveSession;
    /** The installation a call names, checked against its page: resolved once (`resolvePanel`). */
    panel?: Panel;
  }
}

const callers = new WeakMap<FastifyRequest, Caller>();

/** Who is calling: one object per request, so what a call took (`onServerFailure`) is found again by the error handler. */
export function callerOf(request: FastifyRequest): Caller {
  let caller = callers.get(request);
  if (!caller) {
    caller = {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      host: request.host,
      panelOrigin: request.panelOrigin,
      onServerFailure: [],
    };
    callers.set(request, caller);
  }
  return caller;
}

/**
 * Gives back what a call took before the server failed it (`Caller.onServerFailure`): run
 * before a 5xx answer leaves, so the person's retry finds the allowance there.
 */
export async function giveBackAfterServerFailure(request: FastifyRequest): Promise<void> {
  const refunds = callers.get(request)?.onServerFailure?.splice(0) ?? [];
  const results = await Promise.allSettled(refunds.map((refund) => refund()));
  for (const result of results) {
    if (result.status === 'rejected') request.log.warn({ err: String(result.reason) }, 'allowance not given back');
  }
}

/**
 * SameSite=Lax, but None for a session started by a control-panel call from a panel page on
 * another site (`panelOrigin`), whose later calls are cross-site too. Browsers drop SameSite=None
 * without Secure, so a deployment without Secure cookies (plain http off localhost) keeps Lax
 * there (decision 009).
 */
function sameSiteFor(config: Config, panelOrigin: string | undefined): 'lax' | 'none' {
  return panelOrigin !== undefined && config.session.secure ? 'none' : 'lax';
}

/**
 * A cross-site cookie is also Partitioned (CHIPS): browsers that block third-party cookies
 * (Chromium's default here, Safari, private windows) still keep it, in a jar of the panel's
 * site only, which is all the panel page needs.
 */
function cookieOptions(config: Config, panelOrigin: string | undefined) {
  const sameSite = sameSiteFor(config, panelOrigin);
  return { path: '/', httpOnly: true, secure: config.session.secure, sameSite, partitioned: sameSite === 'none' };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, panelOrigin?: string): void {
  reply.setCookie(config.session.cookieName, token, {
    ...cookieOptions(config, panelOrigin),
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

/** Clears the cookie; a cross-site answer may only touch a SameSite=None cookie. */
export function clearSessionCookie(reply: FastifyReply, config: Config, panelOrigin?: string): void {
  reply.clearCookie(config.session.cookieName, cookieOptions(config, panelOrigin));
}

/**
 * A cookie that binds one ceremony (a sign-up's watch, a passkey's challenge, a sign-on flow) to
 * the browser that began it: `__Host-` wherever cookies are Secure, never readable by scripts.
 * `lax` where a provider's redirect back must still carry it.
 */
export function ceremonyCookie(config: Config, name: string, sameSite: 'strict' | 'lax', lifetimeMs?: number) {
  return {
    name: config.session.secure ? `__Host-${name}` : name,
    options: {
      path: '/',
      httpOnly: true,
      secure: config.session.secure,
      sameSite,
      ...(lifetimeMs === undefined ? {} : { maxAge: lifetimeMs / 1000 }),
    },
  };
}

/** The cookie that binds a sign-in waiting for its second factor to the browser (decision 046). */
const challengeCookieName = (config: Config) => ceremonyCookie(config, 'gatehouse_2fa', 'strict').name;

export function challengeTokenOf(request: FastifyRequest, config: Config): string | undefined {
  const token = request.cookies[challengeCookieName(config)];
  return token && token.length <= 128 ? token : undefined;
}

export function setChallengeCookie(reply: FastifyReply, config: Config, token: string, panelOrigin?: string): void {
  reply.setCookie(challengeCookieName(config), token, { ...cookieOptions(config, panelOrigin), maxAge: challengeLifetimeMs / 1000 });
}

export function clearChallengeCookie(reply: FastifyReply, config: Config, panelOrigin?: string): void {
  reply.clearCookie(challengeCookieName(config), cookieOptions(config, panelOrigin));
}

/** What every way in answers when an account still owes its second factor. */
export const twoFactorPromptData = { twoFactor: { methods: ['totp', 'recovery'] } } satisfies TwoFactorPrompt;

/**
 * The answer of every way in, from what finishWayIn gave: the session cookie and `signedIn`'s
 * data, or the challenge cookie (partitioned in a panel, like the session's) and the prompt.
 */
export function answerStarted<T>(
  reply: FastifyReply,
  config: Config,
  started: Started,
  signedIn: () => T,
  panelOrigin?: string,
): T | TwoFactorPrompt {
  if (started.kind === 'challenge') {
    setChallengeCookie(reply, config, started.challengeToken, panelOrigin);
    return twoFactorPromptData;
  }
  setSessionCookie(reply, config, started.token, panelOrigin);
  return signedIn();
}

/** Loads the signed-in account into request.auth, if any. */
export async function loadSession(deps: Deps, request: FastifyRequest): Promise<void> {
  const token = request.cookies[deps.config.session.cookieName];
  if (!token || token.length > 128) return;
  const found = await resolveSession(deps, token);
  if (found) request.auth = found;
}

/** X-API-KEY, or `apiKey` in a JSON body, as the seed's panel calls and license activation send it. */
function panelKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header;
  const fromBody = (request.body as { apiKey?: unknown } | undefined)?.apiKey;
  return typeof fromBody === 'string' ? fromBody : undefined;
}

/**
 * The installation a call names (X-API-KEY, or apiKey in the body), checked against the panel
 * page it comes from: resolved once per request, kept as `request.panel` and handed to the
 * services as `caller.panel`, which they read instead of flags, keys or the Origin (decision 036).
 */
export async function resolvePanel(deps: Deps, request: FastifyRequest): Promise<Panel> {
  request.panel ??= await requirePanel(deps.db, panelKeyOf(request), request.panelOrigin);
  callerOf(request).panel = request.panel;
  return request.panel;
}

/**
 * The hook of the seed's pre-sign-in panel calls (sign-up and reset request with `otp: true`):
 * when the body makes it a panel call, the installation is resolved after the body is validated
 * and before the handler, as the services used to do first. `pageOnly`: only from a registered
 * panel's page, never from a script with the key alone (a reset code, decision 031).
 */
export function panelCall(deps: Deps, options: { when: (body: unknown) => boolean; pageOnly?: boolean }) {
  return async (request: FastifyRequest) => {
    if (!options.when(request.body)) return;
    if (options.pageOnly && request.panelOrigin === undefined) throw panelKeyRefused();
    await resolvePanel(deps, request);
  };
}

/** `otp: true` in the body: the seed's mark of a control-panel call. */
export const asksForCode = (body: unknown) => (body as { otp?: unknown } | undefined)?.otp === true;

/**
 * The one guard of every signed-in call, and the only way a route gets at the account
 * (`authOf` refuses without it). The session is checked on the server; a call from a registered
 * panel's page (a CORS-allowed origin) must also name that installation in X-API-KEY, resolved
 * here once for the request. The apiKey is public and Origin only a CSRF control: this binds the
 * page to its installation, the session cookie is what authenticates (decisions 017 and 031).
 */
export function requireSession(deps: Deps) {
  return async (request: FastifyRequest) => {
    await loadSession(deps, request);
    if (!request.auth) throw unauthorized();
    // From a panel's page the key is required; elsewhere (no Origin: a script) a key given is checked alone.
    if (request.panelOrigin !== undefined || panelKeyOf(request) !== undefined) await resolvePanel(deps, request);
  };
}

/** A route's options for a signed-in caller only: the guard is declared with the route, not built by it. */
export const signedIn = { config: { auth: 'session' as const } };

/**
 * The one place route guards are attached (decision 052): every route declared `signedIn` gets
 * `requireSession` first among its preValidation hooks, before its body is validated, so a
 * caller without a session learns nothing about the payload rules and no route can declare
 * itself signed-in and forget the check. Registered before the routes.
 */
export function sessionGuard(app: FastifyInstance, deps: Deps): void {
  const guard = requireSession(deps);
  app.addHook('onRoute', (route) => {
    if (route.config?.auth !== 'session') return;
    const own = route.preValidation ?? [];
    route.preValidation = [guard, ...(Array.isArray(own) ? own : [own])];
  });
}

export function authOf(request: FastifyRequest): LiveSession {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
