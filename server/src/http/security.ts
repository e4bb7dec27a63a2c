import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { sendError } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Origin of a cross-origin call from an active panel installation's page (CORS allowed). */
    panelOrigin?: string;
  }
  interface FastifyContextConfig {
    /** Takes unsafe methods from any site: a route that turns them into a safe one (oidc-end-session.ts). */
    fromAnySite?: boolean;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the panel build may send cross-origin, with credentials (cookies). */
export const corsPolicy = {
  // PATCH: a team member's role (PATCH /team/members/{id}).
  methods: 'GET, POST, PUT, PATCH, DELETE',
  headers: 'content-type, x-api-key',
  // The resend countdown reads Retry-After from a 429.
  exposeHeaders: 'retry-after',
  maxAgeSeconds: 600,
};

/** Origins whose browsers may change state here: our own, and the host the request came to. */
export function isSameOrigin(origin: string, config: Pick<Config, 'publicUrl'>, requestOrigin: string): boolean {
  return origin === config.publicUrl || origin === requestOrigin;
}

/**
 * Security headers, the cross-site refusal and CORS. `isPanelOrigin` asks the database on each
 * cross-origin request (no cache), so revoking an installation closes its origin at once.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  isPanelOrigin: (origin: string) => Promise<boolean>,
): Promise<void> {
  // Helmet's middleware, built once: @fastify/helmet built it anew for every request (parsing the
  // whole policy each time, a few percent of GET /session). The headers are the same.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // One canonical URL per page: "/login/" moves permanently to "/login". Leading slashes and
    // backslashes collapse to one: "//evil.example/" must not become a protocol-relative Location.
    if ((request.method === 'GET' || request.method === 'HEAD') && path.length > 1 && path.endsWith('/')) {
      const query = request.url.slice(path.length);
      return reply.redirect(`/${path.replace(/^[/\\]+/, '').replace(/\/+$/, '')}${query}`, 301);
    }
    const origin = request.headers.origin;
    const requestOrigin = `${request.protocol}://${request.host}`;
    const sameOrigin = origin !== undefined && origin !== 'null' && isSameOrigin(origin, config, requestOrigin);
    // Exact match against the registered origins of active installations: no wildcard, no prefix.
    if (origin !== undefined && origin !== 'null' && !sameOrigin && origin.length <= 255 && (await isPanelOrigin(origin))) {
      request.panelOrigin = origin;
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined && !sameOrigin) {
      // A preflight: allowed origins learn what they may send; others get no CORS header at all.
      if (!request.panelOrigin) return sendError(reply, 403, 'request.cross_site');
      return reply
        .code(204)
        .header('access-control-allow-methods', corsPolicy.methods)
        .header('access-control-allow-headers', corsPolicy.headers)
        .header('access-control-max-age', String(corsPolicy.maxAgeSeconds))
        .send();
    }
    if (!unsafeMethods.has(request.method)) return;
    // No login CSRF: a browser says where a request comes from, and foreign sites are refused,
    // but on the few routes made to be posted to from the apps' own sites.
    if (sameOrigin || request.panelOrigin || request.routeOptions.config.fromAnySite) return;
    const site = request.headers['sec-fetch-site'];
    if (origin !== undefined || site === 'cross-site' || site === 'same-site') {
      return sendError(reply, 403, 'request.cross_site');
    }
  });

  app.addHook('onSend', async (request, reply) => {
    // Answers differ by Origin (CORS headers or not), so no cache may share them across origins.
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\borigin\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Origin` : 'Origin');
    if (request.panelOrigin) {
      reply.header('access-control-allow-origin', request.panelOrigin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', corsPolicy.exposeHeaders);
    }
    reply.removeHeader('x-powered-by');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
