import type { ErrorCode } from '@gatehouse/contract/browser';
import { knownErrorCode, languageOfPath, loadErrorMessages } from './i18n.tsx';
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
// refused sign-up or reset request would be sent twice. It is loaded by the first call (or the
// idle prefetch, lib/platform.ts), not before the page starts (decision 023), and the seed's
// error detection with it (decision 053).
const loadClient = () =>
  import('./api-client.ts').then(({ FetchError, ofetch, detectError }) => ({
    FetchError,
    detectError,
    client: ofetch.create({ credentials: 'include', retryDelay: 300, timeout: 15_000 }),
  }));
let clientPromise: ReturnType<typeof loadClient> | undefined;

/** Loads the API client ahead of the first call. */
export function prefetchApiClient(): void {
  clientPromise ??= loadClient().catch((error) => {
    clientPromise = undefined;
    throw error;
  });
  clientPromise.catch(() => {});
}

type Body = Record<string, unknown> | URLSearchParams;

let everyCall: () => Record<string, string> = () => ({});

/** The mode's headers, sent with every call (lib/mode.ts sets them once, when it is chosen). */
export function sendWithEveryCall(headers: () => Record<string, string>): void {
  everyCall = headers;
}

/** The headers of every call, for a raw fetch. */
export const callHeaders = (): Record<string, string> => everyCall();

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
  let loaded: Awaited<ReturnType<typeof loadClient>>;
  try {
    prefetchApiClient();
    loaded = await (clientPromise as ReturnType<typeof loadClient>);
  } catch (error) {
    // The client's file is gone (a newer deploy): the call cannot be made; say so like a network failure.
    return { error: error instanceof Error ? error.message : String(error), code: 'network.failed', status: 0 };
  }
  const { client, FetchError, detectError } = loaded;
  try {
    const response = await client.raw(path, {
      baseURL: apiBase(),
      method,
      body,
      headers: { accept: 'application/json', ...everyCall(), ...headers },
    });
    ({ status, statusText } = response);
    contentType = response.headers.get('content-type');
    payload = response._data;
  } catch (error) {
    if (!(error instanceof FetchError) || !error.response) {
      await loadErrorMessages(languageOfPath(window.location.pathname)).catch(() => {});
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
  // The page's error messages are loaded before a failure is returned, so it shows with its text.
  const language = languageOfPath(window.location.pathname);
  await loadErrorMessages(language).catch(() => {});
  return {
    error,
    code: knownErrorCode(language, record.code) ?? (status >= 500 ? 'server.internal' : undefined),
    fields: record.fields,
    status,
    retryAfter: retryAfter ? Number(retryAfter) : undefined,
  };
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields);
