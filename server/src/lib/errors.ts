import type { ErrorCode } from '@gatehouse/contract';

export interface AppErrorOptions {
  fields?: Record<string, ErrorCode>;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  params?: Record<string, string | number>;
  cause?: unknown;
}

/** A failure the client is meant to see: a code from the contract and an HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly options: AppErrorOptions;

  constructor(status: number, code: ErrorCode, options: AppErrorOptions = {}) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.options = options;
  }
}

export const badRequest = (code: ErrorCode, options?: AppErrorOptions) => new AppError(400, code, options);
export const unauthorized = (code: ErrorCode = 'auth.session_required') => new AppError(401, code);
export const notFound = (code: ErrorCode) => new AppError(404, code);
export const conflict = (code: ErrorCode) => new AppError(409, code);
export const tooManyRequests = (retryAfter: number) =>
  new AppError(429, 'rate.limited', { retryAfter: Math.max(1, Math.ceil(retryAfter)) });
