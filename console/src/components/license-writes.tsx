import { type LicenseDeskRow, planNames } from '@gatehouse/contract/browser';
import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../i18n/index.tsx';
import { ApiError, call } from '../lib/api.ts';
import { ActionForm } from './action-form.tsx';

/** A chosen day as the end of that day in UTC: a license "expiring on the 3rd" works all of the 3rd. */
const endOfDay = (day: string) => `${day}T23:59:59Z`;

export type LicenseWrite = { kind: 'issue' } | { kind: 'extend' | 'revoke'; license: LicenseDeskRow };

/**
 * The license desk's writes for a role with `licenses:write`: issuing licenses, a new expiry, and
 * revoking one (destructive: the form asks for a fresh proof when the server wants one). Answers
 * what to say when done; the keys of new licenses, which the server answers once, stay shown
 * until the operator dismisses them.
 */
export function LicenseWritePanel({
  write,
  onClose,
  onDone,
}: {
  write: LicenseWrite;
  onClose: () => void;
  onDone: (message: string, keys?: string[]) => void;
}) {
  const { t } = useI18n();
  const ids = useId();
  const panel = useRef<HTMLElement>(null);
  const [plan, setPlan] = useState<string>(planNames[0] ?? '');
  const [count, setCount] = useState('1');
  const [day, setDay] = useState('');
  const [never, setNever] = useState(false);
  // The form opens above the table, away from the button that opened it: the cursor follows.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
    panel.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);

  const fieldError = (error: ApiError | null, field: string) => (error?.fields[field] ? 'true' : undefined);
  const key = write.kind === 'issue' ? '' : write.license.keySuffix;
  const title = write.kind === 'issue' ? t('licenses.issue') : t(`licenses.${write.kind}One`, { key });

  const run = async (reason: string) => {
    if (write.kind === 'issue') {
      const made = await call<{ data: { keys: string[] } }>('/admin/v1/licenses', {
        method: 'POST',
        body: { plan, count: Number(count), ...(day ? { expiresAt: endOfDay(day) } : {}), reason },
      });
      onDone(t('licenses.done.issued', { count: made.data.keys.length }), made.data.keys);
      return;
    }
    const path = `/admin/v1/licenses/${encodeURIComponent(write.license.id)}/${write.kind}`;
    if (write.kind === 'revoke') {
      await call(path, { method: 'POST', body: { reason } });
      onDone(t('licenses.done.revoked', { key }));
      return;
    }
    if (!never && !day) throw new ApiError(400, 'admin.expiry_invalid', { expiresAt: 'admin.expiry_invalid' });
    await call(path, { method: 'POST', body: { expiresAt: never ? null : endOfDay(day), reason } });
    onDone(t('licenses.done.extended', { key }));
  };

  return (
    <section ref={panel} className="panel write-panel" aria-label={title}>
      <ActionForm id={`${ids}-form`} title={title} destructive={write.kind === 'revoke'} run={run} onCancel={onClose} level={2}>
        {(error) => (
          <>
            {write.kind === 'revoke' && <p className="field-help warn-text">{t('licenses.revokeHelp')}</p>}
            {write.kind === 'issue' && (
              <div className="field-row">
                <div className="field">
                  <label htmlFor={`${ids}-plan`}>{t('licenses.plan')}</label>
                  <select id={`${ids}-plan`} value={plan} onChange={(event) => setPlan(event.target.value)}>
                    {planNames.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${ids}-count`}>{t('licenses.count')}</label>
                  <input
                    id={`${ids}-count`}
                    type="number"
                    min={1}
                    max={1000}
                    value={count}
                    onChange={(event) => setCount(event.target.value)}
                    aria-invalid={fieldError(error, 'count')}
                  />
                </div>
              </div>
            )}
            {write.kind !== 'revoke' && (
              <div className="field">
                <label htmlFor={`${ids}-day`}>{write.kind === 'issue' ? t('licenses.expiresOn') : t('licenses.newExpiry')}</label>
                <input
                  id={`${ids}-day`}
                  type="date"
                  value={day}
                  disabled={never}
                  onChange={(event) => setDay(event.target.value)}
                  aria-describedby={write.kind === 'issue' ? `${ids}-day-help` : undefined}
                  aria-invalid={fieldError(error, 'expiresAt')}
                />
                {write.kind === 'issue' && (
                  <p id={`${ids}-day-help`} className="field-help">
                    {t('licenses.expiresHelp')}
                  </p>
                )}
              </div>
            )}
            {write.kind === 'extend' && (
              <label className="check">
                <input type="checkbox" checked={never} onChange={(event) => setNever(event.target.checked)} /> {t('licenses.neverExpires')}
              </label>
            )}
          </>
        )}
      </ActionForm>
    </section>
  );
}

/** The keys of licenses just issued: the only time anyone sees them whole. */
export function IssuedKeys({ keys, onDismiss }: { keys: string[]; onDismiss: () => void }) {
  const { t } = useI18n();
  const ids = useId();
  const [copied, setCopied] = useState(false);
  return (
    <section className="panel issued" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('licenses.issued.title')}</h2>
      <p className="muted small">{t('licenses.issued.lead')}</p>
      <ul className="key-list">
        {keys.map((key) => (
          <li key={key} className="mono">
            {key}
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button
          type="button"
          className="button primary"
          onClick={() =>
            void navigator.clipboard?.writeText(keys.join('\n')).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {t('licenses.copy')}
        </button>
        <button type="button" className="button ghost" onClick={onDismiss}>
          {t('licenses.dismiss')}
        </button>
        {copied && (
          <span className="muted small" role="status">
            {t('licenses.copied')}
          </span>
        )}
      </div>
    </section>
  );
}
