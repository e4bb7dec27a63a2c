import type { ErrorCode } from '@gatehouse/contract';
import { type FormEvent, useRef, useState } from 'react';
import type { ApiResult } from './api.ts';

export type FieldErrors = Partial<Record<string, ErrorCode>>;

/**
 * Form state shared by every screen: field errors, one form error, a busy flag, and focus on
 * the first invalid field after a failed submit.
 */
export function useForm() {
  const ref = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<ErrorCode | undefined>();
  const [busy, setBusy] = useState(false);

  function focusFirstInvalid() {
    requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
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
        await handler();
      } finally {
        setBusy(false);
      }
    };
  }

  return { ref, fields, formError, busy, check, fail, onSubmit, setFormError, clear: () => check({}) };
}
