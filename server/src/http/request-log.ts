import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when it is answered: method, path (no query string), client
 * address, request id, status and time taken. Fastify's own logging writes a second line on
 * arrival with nothing the first lacks; at info that doubled the logging cost of every call.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}
