import { type ErrorBody, type ErrorCode, errorMessages, formatMessage, passwordDefaults, summarizeIssues } from '@gatehouse/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { giveBackAfterServerFailure } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** PASSWORD_MIN_LENGTH, for the {min} of the password rule's message. */
    passwordMinLength?: number;
  }
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  extra: { fields?: ErrorBody['fields']; params?: Record<string, string | number>; retryAfter?: number } = {},
) {
  const params = { min: reply.server.passwordMinLength ?? passwordDefaults.minLength, ...extra.params };
  const body: ErrorBody = { error: formatMessage(errorMessages[code], params), code };
  if (extra.fields && Object.keys(extra.fields).length > 0) body.fields = extra.fields;
  if (status >= 500) body.requestId = String(reply.request.id);
  if (extra.retryAfter) reply.header('retry-after', String(extra.retryAfter));
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

// Fastify's own request errors, by code, as the contract's codes.
const frameworkErrors: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request.too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'request.unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'request.malformed'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request.malformed'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request.malformed'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'request.unsupported_media_type'],
  FST_PARTS_LIMIT: [413, 'request.too_large'],
  FST_FIELDS_LIMIT: [413, 'request.too_large'],
  FST_FILES_LIMIT: [413, 'request.too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'request.too_large'],
  FST_PROTO_VIOLATION: [400, 'request.malformed'],
};

/**
 * The one error path: coded errors keep their status, validation failures become 400 with
 * per-field codes, and anything else is logged and answered with a generic 500 and the
 * request id (no stack, no detail).
 */
export function registerErrorHandler(app: FastifyInstance, options: { passwordMinLength?: number } = {}): void {
  app.decorate('passwordMinLength', options.passwordMinLength);
  // A call the server failed (5xx) gives back the mail allowances it took (Caller.onServerFailure).
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 500) await giveBackAfterServerFailure(request);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ code: error.code }, 'request refused');
      return sendError(reply, error.status, error.code, error.options);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? '',
      }));
      const summary = summarizeIssues(issues);
      return sendError(reply, 400, summary.code, { fields: summary.fields });
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return sendError(reply, known[0], known[1]);
    if (error instanceof SyntaxError || (error.statusCode === 400 && !error.validation)) {
      return sendError(reply, 400, 'request.malformed');
    }
    if (error.statusCode === 413) return sendError(reply, 413, 'request.too_large');
    if (error.statusCode === 415) return sendError(reply, 415, 'request.unsupported_media_type');
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'dependency unavailable');
      return sendError(reply, 503, 'server.unavailable', { retryAfter: 2 });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'server.internal');
  });
}

// SQLite's primary result codes for a file another connection holds past the busy timeout:
// SQLITE_BUSY and SQLITE_LOCKED (node:sqlite reports them as ERR_SQLITE_ERROR with `errcode`).
const sqliteBusy = new Set([5, 6]);

function isUnavailable(error: Error & { code?: string; errcode?: number }): boolean {
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P03', '53300'];
  return (
    (error.code !== undefined && codes.includes(error.code)) ||
    (error.code === 'ERR_SQLITE_ERROR' && error.errcode !== undefined && sqliteBusy.has(error.errcode & 0xff)) ||
    /timeout exceeded when trying to connect|Stream isn't writeable|Connection is closed|Command timed out/i.test(error.message)
  );
}
