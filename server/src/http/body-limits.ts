import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../lib/errors.ts';

export const bodyLimits = { bytes: 16 * 1024, depth: 8, keys: 200 };

/** True when a parsed body nests deeper or holds more keys than any real form needs. */
function tooComplex(value: unknown): boolean {
  let keys = 0;
  const walk = (node: unknown, depth: number): boolean => {
    if (node === null || typeof node !== 'object') return false;
    if (depth > bodyLimits.depth) return true;
    const children = Object.values(node);
    keys += children.length;
    if (keys > bodyLimits.keys) return true;
    return children.some((child) => walk(child, depth + 1));
  };
  return walk(value, 1);
}

/**
 * JSON bodies: parsed with prototype-pollution keys dropped (`__proto__`, `constructor.prototype`
 * are removed, not obeyed), then refused when too deep or too wide.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: bodyLimits.bytes }, (_request, body, done) => {
    let parsed: unknown;
    try {
      parsed = secureJson.parse(body as string, undefined, { protoAction: 'remove', constructorAction: 'remove' });
    } catch {
      done(new AppError(400, 'request.malformed'), undefined);
      return;
    }
    if (tooComplex(parsed)) done(new AppError(400, 'request.too_complex'), undefined);
    else done(null, parsed);
  });
}

/**
 * Bodies are JSON, urlencoded or multipart, never over the limit nor too wide. Fastify reads text/plain
 * by default (a content type any cross-site form may send): removed, so it answers 415.
 * Multipart is streamed by its plugin past Fastify's own limit, so the declared length is
 * checked before anything is read (a chunked multipart body stays bounded by its part limits).
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    if (Number(request.headers['content-length'] ?? 0) > bodyLimits.bytes) throw new AppError(413, 'request.too_large');
  });
  // Form bodies (urlencoded, multipart) are flat but may repeat keys by the thousand.
  app.addHook('preValidation', async (request) => {
    if (tooComplex(request.body)) throw new AppError(400, 'request.too_complex');
  });
}
