import { detectError, type ErrorCode, isErrorCode } from '@gatehouse/contract';
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

// The seed's generic client (section 7), on the browser's own fetch: one retry, 300 ms later, on
// 408, 409, 425, 429, 500, 502, 503, 504 or a failed connection, for GET only. A retried POST or
// PUT would send a refused sign-up or reset request twice.
const retriedStatuses = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const retryDelayMs = 300;
const timeoutMs = 15_000;

type Body = Record<string, unknown> | URLSearchParams;

/** The path joined to the API base (which may carry a path of its own). */
const apiUrl = (path: string) => {
  const base = apiBase().replace(/\/+$/, '');
  return base === '' || /^https?:\/\//.test(path) ? path : `${base}/${path.replace(/^\/+/, '')}`;
};

/** The answer's body: JSON when it says so (or says nothing), else its text. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  const type = response.headers.get('content-type');
  if (text === '' || (type && !/^application\/(?:[\w!#$%&*.^`~-]*\+)?json(;.+)?$/i.test(type))) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(
  method: string,
  path: string,
  body: Body | undefined,
  headers: Record<string, string>,
  retries: number,
): Promise<Response> {
  const json = body !== undefined && !(body instanceof URLSearchParams);
  try {
    const response = await fetch(apiUrl(path), {
      method,
      credentials: 'include',
      headers: { accept: 'application/json', ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
      body: json ? JSON.stringify(body) : body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (retries === 0 || !retriedStatuses.has(response.status)) return response;
  } catch (error) {
    if (retries === 0) throw error;
  }
  await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
  return send(method, path, body, headers, retries - 1);
}

/** Calls the API; never throws: errors come back in the result. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: Body,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  let response: Response;
  let payload: unknown;
  try {
    response = await send(method, path, body, headers, method === 'GET' ? 1 : 0);
    payload = await readBody(response);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), code: 'network.failed', status: 0 };
  }
  const { status, statusText } = response;
  const error = detectError({ status, statusText, contentType: response.headers.get('content-type'), body: payload });
  const record = (payload ?? {}) as { data?: T; code?: unknown; fields?: Record<string, ErrorCode> };
  if (error === undefined) return { data: record.data, status };
  const retryAfter = response.ok ? null : response.headers.get('retry-after');
  return {
    error,
    code: isErrorCode(record.code) ? record.code : status >= 500 ? 'server.internal' : undefined,
    fields: record.fields,
    status,
    retryAfter: retryAfter ? Number(retryAfter) : undefined,
  };
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields);
