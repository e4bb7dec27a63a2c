import { type AccountRemedy, accountRemedies, type HealthCard } from '@gatehouse/contract/browser';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { TextKey } from '../i18n/en.ts';
import { useI18n } from '../i18n/index.tsx';
import { ApiError, type ConsoleSession, call } from '../lib/api.ts';
import { useSession } from './session-gate.tsx';

/** When each remedy of the admin API's registry is offered: when the card shows it can help. */
const applies: Record<AccountRemedy, (card: HealthCard) => boolean> = {
  disable: (card) => !card.disabled,
  enable: (card) => card.disabled,
  'sessions/end': (card) => card.sessions > 0 || card.connectedApps.length > 0,
  'verification/resend': (card) => !card.emailVerified,
  'password-reset/send': (card) => card.emailVerified && !card.disabled,
  'two-factor/reset': (card) => card.twoFactor.enabled,
  'sign-in-pause/clear': (card) => card.signInPaused.paused,
};
// Every remedy has its label and help in the catalogue: one missing fails the type check.
const labelOf = (path: AccountRemedy) => `remedy.${path}` satisfies TextKey;
const helpOf = (path: AccountRemedy) => `remedy.${path}.help` satisfies TextKey;

type Step = { kind: 'reason' } | { kind: 'proof' };

/**
 * The remedies beside the health card. Each asks for a reason; a destructive one after a sign-in
 * older than the server's limit is refused with `admin.fresh_proof_required`, and the same panel
 * then asks for the password and an authenticator code and carries on with the same reason.
 */
export function Remedies({ card, onDone }: { card: HealthCard; onDone: (message: string) => void }) {
  const { t, errorText } = useI18n();
  const { session, update } = useSession();
  const [open, setOpen] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'reason' });
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const passwordField = useRef<HTMLInputElement>(null);
  // The proof appears in place of nothing the operator asked for: the cursor goes to it.
  useEffect(() => {
    if (step.kind === 'proof') passwordField.current?.focus();
  }, [step]);

  if (!session.operator.scopes.includes('accounts:write')) {
    return (
      <aside className="panel remedies" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>{t('remedies.title')}</h2>
        <p className="muted">{t('remedies.none')}</p>
      </aside>
    );
  }

  const close = () => {
    setOpen(null);
    setStep({ kind: 'reason' });
    setReason('');
    setPassword('');
    setCode('');
    setError(null);
  };

  const apply = async (path: AccountRemedy) => {
    await call(`/admin/v1/accounts/${encodeURIComponent(card.id)}/${path}`, { method: 'POST', body: { reason } });
    const label = t(labelOf(path));
    close();
    onDone(t('remedy.done', { action: label }));
  };

  const submit = async (event: FormEvent, path: AccountRemedy) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (step.kind === 'proof') {
        const proved = await call<{ data: ConsoleSession }>('/console/proof', {
          method: 'POST',
          body: { currentPassword: password, code },
        });
        update(proved.data);
      }
      await apply(path);
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : new ApiError(0, 'network.failed');
      if (failure.code === 'admin.fresh_proof_required') setStep({ kind: 'proof' });
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const offered = accountRemedies.filter((remedy) => applies[remedy.path](card));
  return (
    <aside className="panel remedies" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('remedies.title')}</h2>
      <p className="muted small">{t('remedies.lead')}</p>
      <ul className="remedy-list">
        {offered.map((remedy) => {
          const label = t(labelOf(remedy.path));
          const isOpen = open === remedy.path;
          const formId = `${ids}-${remedy.path.replace('/', '-')}`;
          return (
            <li key={remedy.path} className={`remedy${isOpen ? ' open' : ''}`}>
              {!isOpen && (
                <button
                  type="button"
                  className={`remedy-button${remedy.destructive ? ' danger' : ''}`}
                  aria-expanded="false"
                  aria-controls={formId}
                  onClick={() => {
                    close();
                    setOpen(remedy.path);
                  }}
                >
                  <span className="remedy-label">{label}</span>
                  <span className="remedy-help">{t(helpOf(remedy.path))}</span>
                </button>
              )}
              {isOpen && (
                <form id={formId} className="remedy-form" onSubmit={(event) => void submit(event, remedy.path)} noValidate>
                  <h3>{label}</h3>
                  <label htmlFor={`${formId}-reason`}>{t('remedy.reason')}</label>
                  <textarea
                    id={`${formId}-reason`}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    maxLength={500}
                    rows={3}
                    required
                    readOnly={step.kind === 'proof'}
                    aria-describedby={`${formId}-reason-help${error?.fields.reason ? ` ${formId}-error` : ''}`}
                    aria-invalid={error?.fields.reason ? 'true' : undefined}
                  />
                  <p id={`${formId}-reason-help`} className="field-help">
                    {t('remedy.reasonHelp')}
                  </p>
                  {step.kind === 'proof' && (
                    <fieldset className="proof">
                      <legend>{t('proof.title')}</legend>
                      <p className="field-help">{t('proof.lead', { minutes: session.freshMinutes })}</p>
                      <label htmlFor={`${formId}-password`}>{t('proof.password')}</label>
                      <input
                        ref={passwordField}
                        id={`${formId}-password`}
                        type="password"
                        autoComplete="current-password"
                        value={password}
                        onChange={(event) => setPassword(event.target.value)}
                        aria-invalid={error?.fields.currentPassword ? 'true' : undefined}
                      />
                      <label htmlFor={`${formId}-code`}>{t('proof.code')}</label>
                      <input
                        id={`${formId}-code`}
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
                    <p id={`${formId}-error`} className="alert error" role="alert">
                      {errorText(error.code)}
                    </p>
                  )}
                  <div className="form-actions">
                    <button type="submit" className={`button ${remedy.destructive ? 'danger' : 'primary'}`} disabled={busy}>
                      {step.kind === 'proof' ? t('proof.submit') : t('remedy.confirm', { action: label })}
                    </button>
                    <button type="button" className="button ghost" onClick={close}>
                      {t('remedy.cancel')}
                    </button>
                  </div>
                </form>
              )}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
