import type { AdminScope, OperatorRole } from '@gatehouse/contract/browser';

/** A refusal from the server: its code (translated by the contract's catalogue) and per-field codes. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  constructor(status: number, code: string, fields: Record<string, string> = {}) {
    super(code);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ConsoleSession {
  operator: { id: string; email: string; role: OperatorRole; scopes: AdminScope[] };
  csrf: string;
  provedAt: string;
  fresh: boolean;
  freshMinutes: number;
}

// The session's token for writes (decision 062): the cookie is HttpOnly, this is not a secret
// from the page, only from other sites.
let csrf = '';
let onSignedOut: () => void = () => {};

export function setSessionToken(token: string, signedOut: () => void): void {
  csrf = token;
  onSignedOut = signedOut;
}

export async function call<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    headers['x-csrf-token'] = csrf;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: method === 'GET' ? undefined : JSON.stringify(init.body ?? {}),
    });
  } catch {
    throw new ApiError(0, 'network.failed');
  }
  const json = (await response.json().catch(() => undefined)) as { code?: string; fields?: Record<string, string> } | undefined;
  if (!response.ok) {
    const code = json?.code ?? 'server.internal';
    if (response.status === 401) onSignedOut();
    throw new ApiError(response.status, code, json?.fields);
  }
  return json as T;
}

export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const signInPath = (returnTo: string) => `/console/sign-in${query({ returnTo })}`;
