import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when it is answered: method, path (no query string), client
 * address, request id, status and time taken. Fastify's own logging writes a second line on
 * arrival with nothing the first lacks; at info that doubled the logging cost of every call.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    // A browser's revalidation of a hashed asset says nothing an operator needs at info.
    if (reply.statusCode === 304 && request.url.startsWith('/assets/')) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
  });
}
