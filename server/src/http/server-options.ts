import { type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config.ts';
import { bodyLimits } from './body-limits.ts';

/** What the public and the admin listener share: proxies trusted, body limits, poisoning refused, request ids, one log line per request. */
export function serverOptions(config: Pick<Config, 'trustProxy'>) {
  return {
    trustProxy: config.trustProxy,
    bodyLimit: bodyLimits.bytes,
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // One line per request instead of two (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  } satisfies FastifyServerOptions;
}
