import { detectError, type ErrorCode, isErrorCode } from '@gatehouse/contract';
import { FetchError, ofetch } from 'ofetch';
import { runtimeConfig } from './runtime-config.ts';

export interface ApiResult<T> {
  data?: T;
  /** The seed's error text (its four-step detection); undefined on success. */
  error?: string;
  /** The contract's error code, when the server sent one: screens show its translation. */
  code?: ErrorCode;
  fields?: Partial<Record<string, ErrorCode>>;
  status: number;
  retryAfter?: number;
}

/** The configured API URL, or the page origin (seed section 7). */
export function apiBase(): string {
  if (typeof window === 'undefined') return '';
  return runtimeConfig().apiUrl || window.location.origin;
}

// ofetch's default is the seed's generic client: one retry on 408, 409, 425, 429, 500, 502,
// 503, 504 for non-mutating methods only. Setting `retry` would retry POST and PUT too, and a
// refused sign-up or reset request would be sent twice.
const client = ofetch.create({ credentials: 'include', retryDelay: 300, timeout: 15_000 });

type Body = Record<string, unknown> | URLSearchParams;

/** Calls the API; never throws: errors come back in the result. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: Body,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  let status = 0;
  let statusText = '';
  let contentType: string | null = null;
  let payload: unknown;
  let retryAfter: string | null = null;
  try {
    const response = await client.raw(path, { baseURL: apiBase(), method, body, headers: { accept: 'application/json', ...headers } });
    ({ status, statusText } = response);
    contentType = response.headers.get('content-type');
    payload = response._data;
  } catch (error) {
    if (!(error instanceof FetchError) || !error.response) {
      return { error: error instanceof Error ? error.message : String(error), code: 'network.failed', status: 0 };
    }
    ({ status, statusText } = error.response);
    contentType = error.response.headers.get('content-type');
    payload = error.data;
    retryAfter = error.response.headers.get('retry-after');
  }
  const error = detectError({ status, statusText, contentType, body: payload });
  const record = (payload ?? {}) as { data?: T; code?: unknown; fields?: Record<string, ErrorCode> };
  if (error === undefined) return { data: record.data, status };
  return {
    error,
    code: isErrorCode(record.code) ? record.code : status >= 500 ? 'server.internal' : undefined,
    fields: record.fields,
    status,
    retryAfter: retryAfter ? Number(retryAfter) : undefined,
  };
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields);
