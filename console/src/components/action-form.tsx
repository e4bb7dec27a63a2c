import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/index.tsx';
import { ApiError, type ConsoleSession, call } from '../lib/api.ts';
import { useSession } from './session-gate.tsx';

type Step = 'reason' | 'proof';

/**
 * One operator's action as a form: its own fields, a reason, and, when the server refuses a
 * destructive one with `admin.fresh_proof_required`, the password and an authenticator code in the
 * same form, after which it carries on with what was typed. `run` makes the call; a refusal shows
 * in the form and changes nothing.
 */
export function ActionForm({
  id,
  title,
  destructive,
  run,
  onCancel,
  children,
  level = 3,
}: {
  id: string;
  title: string;
  destructive: boolean;
  run: (reason: string) => Promise<void>;
  onCancel: () => void;
  /** The action's own fields, before the reason; given the refusal to mark the field it names. */
  children?: (error: ApiError | null) => ReactNode;
  /** Its heading's level where it stands: beside a card's h2, or alone under the page's h1. */
  level?: 2 | 3;
}) {
  const { t, errorText } = useI18n();
  const { session, update } = useSession();
  const [step, setStep] = useState<Step>('reason');
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordField = useRef<HTMLInputElement>(null);
  // The proof appears in place of nothing the operator asked for: the cursor goes to it.
  useEffect(() => {
    if (step === 'proof') passwordField.current?.focus();
  }, [step]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (step === 'proof') {
        const proved = await call<{ data: ConsoleSession }>('/console/proof', {
          method: 'POST',
          body: { currentPassword: password, code },
        });
        update(proved.data);
      }
      await run(reason);
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : new ApiError(0, 'network.failed');
      if (failure.code === 'admin.fresh_proof_required') setStep('proof');
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id={id} className="action-form" onSubmit={(event) => void submit(event)} noValidate>
      {level === 2 ? <h2>{title}</h2> : <h3>{title}</h3>}
      {children?.(error)}
      <label htmlFor={`${id}-reason`}>{t('remedy.reason')}</label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        rows={3}
        required
        readOnly={step === 'proof'}
        aria-describedby={`${id}-reason-help${error?.fields.reason ? ` ${id}-error` : ''}`}
        aria-invalid={error?.fields.reason ? 'true' : undefined}
      />
      <p id={`${id}-reason-help`} className="field-help">
        {t('remedy.reasonHelp')}
      </p>
      {step === 'proof' && (
        <fieldset className="proof">
          <legend>{t('proof.title')}</legend>
          <p className="field-help">{t('proof.lead', { minutes: session.freshMinutes })}</p>
          <label htmlFor={`${id}-password`}>{t('proof.password')}</label>
          <input
            ref={passwordField}
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error?.fields.currentPassword ? 'true' : undefined}
          />
          <label htmlFor={`${id}-code`}>{t('proof.code')}</label>
          <input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={10}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error?.fields.code ? 'true' : undefined}
          />
        </fieldset>
      )}
      {error && (
        <p id={`${id}-error`} className="alert error" role="alert">
          {errorText(error.code)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className={`button ${destructive ? 'danger' : 'primary'}`} disabled={busy}>
          {step === 'proof' ? t('proof.submit') : t('remedy.confirm', { action: title })}
        </button>
        <button type="button" className="button ghost" onClick={onCancel}>
          {t('remedy.cancel')}
        </button>
      </div>
    </form>
  );
}
