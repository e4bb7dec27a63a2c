import type { ErrorCode } from '@gatehouse/contract/browser';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from './api.ts';
import { loadErrorMessages, useI18n } from './i18n.tsx';

export type FieldErrors = Partial<Record<string, ErrorCode>>;

interface Errors {
  fields: FieldErrors;
  formError: ErrorCode | undefined;
}

/**
 * A field changed: its error goes, and so does the form's summary of field errors (or it names
 * the field still wrong). A message about the whole request (wrong password) stays until the
 * next submit.
 */
export function fieldChanged(errors: Errors, name: string): Errors {
  const gone = errors.fields[name];
  if (!gone) return errors;
  const fields = Object.fromEntries(Object.entries(errors.fields).filter(([key]) => key !== name)) as FieldErrors;
  const summary = errors.formError === gone || errors.formError?.startsWith('validation.');
  return { fields, formError: summary ? Object.values(fields)[0] : errors.formError };
}

/**
 * Form state shared by every screen: field errors, one form error, a busy flag, and focus on
 * the first invalid field after a failed submit. A field's error clears as soon as the field
 * changes: red stays only on what is still wrong.
 */
export function useForm() {
  const { language } = useI18n();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [errors, setErrors] = useState<Errors>({ fields: {}, formError: undefined });
  const { fields, formError } = errors;
  const setFormError = (next: ErrorCode | undefined) => setErrors((current) => ({ ...current, formError: next }));
  const [busy, setBusy] = useState(false);

  // A callback ref: forms that appear later (after a check, a step) are followed too.
  const ref = useCallback((form: HTMLFormElement | null) => {
    formRef.current = form;
    if (!form) return;
    const changed = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || !form.contains(target)) return;
      const name = (target as HTMLInputElement).name;
      if (name) setErrors((current) => fieldChanged(current, name));
    };
    // On the window, so this runs after React's own listener (on the document or the app's root)
    // has handed the change to the field: a render before that would put a controlled field (the
    // one-time code) back to its old value before its onChange read the new one.
    window.addEventListener('input', changed);
    window.addEventListener('change', changed);
    return () => {
      window.removeEventListener('input', changed);
      window.removeEventListener('change', changed);
    };
  }, []);

  // Focus moves once React has committed the errors (a handler may run after an await, when that
  // commit is no longer synchronous with the click).
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  function focusFirstInvalid() {
    setFocusRequest((n) => n + 1);
  }

  /** Shows local validation errors; returns true when there were none. */
  function check(found: FieldErrors, summary?: ErrorCode): boolean {
    const clean = Object.fromEntries(Object.entries(found).filter(([, code]) => code)) as FieldErrors;
    const first = Object.values(clean)[0];
    setErrors({ fields: clean, formError: first ? (summary ?? first) : undefined });
    if (first) focusFirstInvalid();
    return !first;
  }

  /** Shows a failed API answer: per-field codes where the server gave them. */
  function fail(result: ApiResult<unknown>) {
    setErrors({ fields: result.fields ?? {}, formError: result.code ?? 'server.internal' });
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
