import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { AdminScope } from '@gatehouse/contract';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { consoleRoutes } from '../features/console/console.routes.ts';
import { adminOriginOf, checkCsrf, consoleSessionOf, isFresh } from '../features/console/console-session.ts';
import type { OidcProviders } from '../features/oidc/oidc-providers.ts';
import type { OidcVault } from '../features/oidc/oidc-vault.ts';
import { adminRoutes } from '../features/operators/admin.routes.ts';
import { type AdminPrincipal, authenticateAdminToken } from '../features/operators/operators.service.ts';
import { webhookAdminRoutes } from '../features/webhooks/webhook-admin.routes.ts';
import { AppError } from '../lib/errors.ts';
import { registerJsonParser } from './body-limits.ts';
import { registerErrorHandler, sendError } from './error-handler.ts';
import { registerRequestLog } from './request-log.ts';
import { serializerCompiler } from './serializer.ts';
import { serverOptions } from './server-options.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The admin API's permission a route needs (decision 060); every admin route declares one, or `adminPublic`. */
    scope?: AdminScope;
    adminPublic?: boolean;
    /** A destructive action: from the console, only within minutes of a proof (decision 062). */
    fresh?: boolean;
  }
  interface FastifyRequest {
    admin?: AdminPrincipal;
  }
}

/** The prefix of every admin route; on the public listener it answers 404. */
export const adminPrefix = '/admin';

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The admin API's one guard (decision 060), attached to every route in one place as the public
 * app's session guard is (decision 052): an admin route that declares no scope is refused at
 * start, so none can forget it. Runs on request, before the body is read: a caller without a
 * valid token or console session (401), without the route's scope (403), or from the console
 * without its write token or a recent enough proof (403) learns nothing of the payload rules.
 */
export function adminGuard(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'clock' | 'secrets'>,
  adminOrigin: () => string = () => 'http://127.0.0.1',
): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.adminPublic) return;
    const scope = route.config?.scope;
    if (!scope) throw new Error(`admin route ${route.method} ${route.url} declares no scope`);
    const fresh = route.config?.fresh === true;
    const guard = async (request: FastifyRequest) => {
      const token = bearerOf(request);
      let principal: AdminPrincipal | undefined;
      if (token) principal = await authenticateAdminToken(deps, token, request.ip);
      else {
        // The console's session stands for its operator as an operator's token does (decision 062).
        const session = await consoleSessionOf(deps, request, adminOrigin());
        if (session && request.method !== 'GET' && request.method !== 'HEAD') checkCsrf(session, request);
        if (session && fresh && session.principal.scopes.has(scope) && !isFresh(deps, session)) {
          throw new AppError(403, 'admin.fresh_proof_required');
        }
        principal = session?.principal;
      }
      if (!principal) throw new AppError(401, 'admin.token_required');
      if (!principal.scopes.has(scope)) throw new AppError(403, 'admin.scope_required');
      request.admin = principal;
    };
    const own = route.onRequest ?? [];
    route.onRequest = [guard, ...(Array.isArray(own) ? own : [own])];
  });
}

/**
 * The admin listener (decision 059): its own Fastify instance in the same process, on its own
 * port (ADMIN_PORT, 127.0.0.1 by default), sharing the services, the database and the logger
 * with the public one but none of its routes, cookies or CORS. `buildApp` makes it; main.ts
 * listens on it.
 */
export async function buildAdminApp(
  public_: FastifyInstance,
  config: Config,
  deps: Deps & { vault: OidcVault; providers: OidcProviders },
): Promise<FastifyInstance> {
  const admin = Fastify({
    loggerInstance: public_.log.child({ listener: 'admin' }),
    ...serverOptions(config),
  });
  admin.setValidatorCompiler(validatorCompiler);
  admin.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(admin, { passwordMinLength: config.password.minLength });
  registerRequestLog(admin);
  registerJsonParser(admin);
  admin.addHook('onSend', async (_request, reply) => {
    // The console's pages set their own policy and caching; everything else gets the strictest.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  });
  await admin.register(cookie);
  const adminOrigin = () => adminOriginOf(config, admin.server.address());
  await admin.register(swagger, {
    openapi: {
      info: { title: 'Gatehouse admin API', version: '1.0.0', description: "The operator's API: accounts, licenses, teams, audit" },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  adminGuard(admin, deps, adminOrigin);
  adminRoutes(admin, deps);
  webhookAdminRoutes(admin, deps);
  await consoleRoutes(admin, deps, adminOrigin);
  admin.get(
    `${adminPrefix}/v1/openapi.json`,
    {
      config: { adminPublic: true },
      schema: {
        tags: ['operations'],
        summary: 'This API description (OpenAPI 3)',
        response: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI 3 document') },
      },
    },
    async () => admin.swagger(),
  );
  admin.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, 'request.not_found', { params: { path: request.url.split('?')[0] ?? '' } }),
  );
  await admin.ready();
  return admin;
}
