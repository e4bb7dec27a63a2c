import type { Language } from '@gatehouse/contract';
import { type ApiResult, api } from '../../lib/api.ts';

/** A settings call: the session cookie (and inside a panel its apiKey, which `api` adds to every call). */
export function settingsApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
): Promise<ApiResult<T>> {
  return api<T>(method, path, body);
}

/** "23 Nov 2026, 09:14" in the reader's language and time zone, never broken across lines. */
export function formatDateTime(value: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)).replace(/\s/g, '\u00a0');
}
