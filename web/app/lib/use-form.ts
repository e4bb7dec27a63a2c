import type { ErrorCode } from '@gatehouse/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ApiResult } from './api.ts';
import { loadErrorMessages, useI18n } from './i18n.tsx';

export type FieldErrors = Partial<Record<string, ErrorCode>>;

/**
 * Form state shared by every screen: field errors, one form error, a busy flag, and focus on
 * the first invalid field after a failed submit.
 */
export function useForm() {
  const { language } = useI18n();
  const ref = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<ErrorCode | undefined>();
  const [busy, setBusy] = useState(false);

  // Focus moves once React has committed the errors (a handler may run after an await, when that
  // commit is no longer synchronous with the click).
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  function focusFirstInvalid() {
    setFocusRequest((n) => n + 1);
  }

  /** Shows local validation errors; returns true when there were none. */
  function check(errors: FieldErrors, summary?: ErrorCode): boolean {
    const clean = Object.fromEntries(Object.entries(errors).filter(([, code]) => code)) as FieldErrors;
    setFields(clean);
    const first = Object.values(clean)[0];
    setFormError(first ? (summary ?? first) : undefined);
    if (first) focusFirstInvalid();
    return !first;
  }

  /** Shows a failed API answer: per-field codes where the server gave them. */
  function fail(result: ApiResult<unknown>) {
    setFields(result.fields ?? {});
    setFormError(result.code ?? 'server.internal');
    if (result.fields && Object.keys(result.fields).length > 0) focusFirstInvalid();
  }

  function onSubmit(handler: () => Promise<void>) {
    return async (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      setBusy(true);
      try {
        // The error messages load with the first submit (if the idle prefetch has not loaded them),
        // so an error is shown with its text at once; a failed load leaves them to load on use.
        await loadErrorMessages(language).catch(() => {});
        await handler();
      } finally {
        setBusy(false);
      }
    };
  }

  return { ref, fields, formError, busy, check, fail, onSubmit, setFormError, clear: () => check({}) };
}
