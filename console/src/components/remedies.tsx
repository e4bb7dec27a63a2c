import { type AccountRemedy, accountRemedies, type HealthCard } from '@gatehouse/contract/browser';
import { useId, useState } from 'react';
import type { TextKey } from '../i18n/en.ts';
import { useI18n } from '../i18n/index.tsx';
import { call } from '../lib/api.ts';
import { ActionForm } from './action-form.tsx';
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

/**
 * The remedies beside the health card, for a role that may apply them. Each asks for a reason; a
 * destructive one after a sign-in older than the server's limit asks for a fresh proof too.
 */
export function Remedies({ card, onDone }: { card: HealthCard; onDone: (message: string) => void }) {
  const { t } = useI18n();
  const { session } = useSession();
  const [open, setOpen] = useState<AccountRemedy | null>(null);
  const ids = useId();

  if (!session.operator.scopes.includes('accounts:write')) {
    return (
      <aside className="panel remedies" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>{t('remedies.title')}</h2>
        <p className="muted">{t('remedies.none')}</p>
      </aside>
    );
  }

  const offered = accountRemedies.filter((remedy) => applies[remedy.path](card));
  return (
    <aside className="panel remedies" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('remedies.title')}</h2>
      <p className="muted small">{t('remedies.lead')}</p>
      <ul className="remedy-list">
        {offered.map((remedy) => {
          const label = t(labelOf(remedy.path));
          const formId = `${ids}-${remedy.path.replace('/', '-')}`;
          return (
            <li key={remedy.path} className={`remedy${open === remedy.path ? ' open' : ''}`}>
              {open === remedy.path ? (
                <ActionForm
                  id={formId}
                  title={label}
                  destructive={remedy.destructive}
                  onCancel={() => setOpen(null)}
                  run={async (reason) => {
                    await call(`/admin/v1/accounts/${encodeURIComponent(card.id)}/${remedy.path}`, { method: 'POST', body: { reason } });
                    setOpen(null);
                    onDone(t('remedy.done', { action: label }));
                  }}
                />
              ) : (
                <button
                  type="button"
                  className={`remedy-button${remedy.destructive ? ' danger' : ''}`}
                  aria-expanded="false"
                  aria-controls={formId}
                  onClick={() => setOpen(remedy.path)}
                >
                  <span className="remedy-label">{label}</span>
                  <span className="remedy-help">{t(helpOf(remedy.path))}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
