import type { ErrorCode, Language } from '@gatehouse/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { type ApiResult, api } from '../../lib/api.ts';
import type { useForm } from '../../lib/use-form.ts';

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

/** A list a section shows, read when it opens; `load` reads it again after a change. */
export function useSettingsList<T>(path: string): { items: T[] | undefined; load: () => Promise<void> } {
  const [items, setItems] = useState<T[]>();
  const load = useCallback(async () => {
    const result = await settingsApi<T[]>('GET', path);
    if (result.data) setItems(result.data);
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  return { items, load };
}

/**
 * "End this one" in a list section (a device, an app): the DELETE, an item already gone taken as
 * the outcome asked for (ended elsewhere meanwhile), then the section's message and a fresh list.
 */
export function endListItem(
  form: ReturnType<typeof useForm>,
  setMessage: (message: string | undefined) => void,
  item: { path: string; gone: ErrorCode; message: string; load: () => Promise<void> },
) {
  return form.onSubmit(async () => {
    setMessage(undefined);
    const result = await settingsApi('DELETE', item.path);
    if (result.error && result.code !== item.gone) return form.fail(result);
    form.clear();
    setMessage(item.message);
    await item.load();
  });
}
