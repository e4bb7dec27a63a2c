import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { sendError } from './error-handler.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Origins whose browsers may change state here: our own, and the host the request came to. */
export function isSameOrigin(origin: string, config: Pick<Config, 'publicUrl'>, requestOrigin: string): boolean {
  return origin === config.publicUrl || origin === requestOrigin;
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // One canonical URL per page: "/login/" moves permanently to "/login". Leading slashes and
    // backslashes collapse to one: "//evil.example/" must not become a protocol-relative Location.
    if ((request.method === 'GET' || request.method === 'HEAD') && path.length > 1 && path.endsWith('/')) {
      const query = request.url.slice(path.length);
      return reply.redirect(`/${path.replace(/^[/\\]+/, '').replace(/\/+$/, '')}${query}`, 301);
    }
    if (!unsafeMethods.has(request.method)) return;
    // No login CSRF: a browser says where a request comes from, and foreign sites are refused.
    const origin = request.headers.origin;
    const requestOrigin = `${request.protocol}://${request.host}`;
    if (origin !== undefined && origin !== 'null' && isSameOrigin(origin, config, requestOrigin)) return;
    const site = request.headers['sec-fetch-site'];
    if (origin !== undefined || site === 'cross-site' || site === 'same-site') {
      return sendError(reply, 403, 'request.cross_site');
    }
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.removeHeader('x-powered-by');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
