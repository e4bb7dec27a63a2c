import type { Language } from '@gatehouse/contract';
import { type ApiResult, api } from '../../lib/api.ts';
import { panelCredentials } from '../../lib/panel.ts';
import { isControlPanel } from '../../lib/runtime-config.ts';

/** In a hosting panel every settings call names the installation in X-API-KEY, as PUT /user/profile does. */
export function panelHeaders(): Record<string, string> {
  return isControlPanel() ? { 'X-API-KEY': panelCredentials().apiKey } : {};
}

/** A settings call: the session cookie, plus the panel's apiKey inside a panel. */
export function settingsApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
): Promise<ApiResult<T>> {
  return api<T>(method, path, body, panelHeaders());
}

/** "23 Nov 2026, 09:14" in the reader's language and time zone, never broken across lines. */
export function formatDateTime(value: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)).replace(/\s/g, '\u00a0');
}
