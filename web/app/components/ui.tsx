import type { ComponentProps, ReactNode } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { PageTitle } from './brand-mark.tsx';

export function Button({
  busy,
  variant = 'primary',
  children,
  ...props
}: ComponentProps<'button'> & { busy?: boolean; variant?: 'primary' | 'secondary' | 'ghost' }) {
  return (
    <button
      type="submit"
      className={`button button--${variant}`}
      aria-busy={busy || undefined}
      disabled={busy || props.disabled}
      {...props}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      <span>{children}</span>
    </button>
  );
}

/** The "Step X of Y" indicator with a progress bar. */
export function StepIndicator({ step, total }: { step: number; total: number }) {
  const { t } = useI18n();
  return (
    <div className="steps">
      <p className="steps__label">{t('common.stepOf', { step, total })}</p>
      <div
        className="steps__bar"
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-label={t('common.stepOf', { step, total })}
      >
        <span style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}

export function Divider({ children }: { children: ReactNode }) {
  return (
    <div className="divider">
      <span>{children}</span>
    </div>
  );
}

/** Shortcuts to the two big webmail inboxes. */
export function InboxShortcuts() {
  const { t } = useI18n();
  return (
    <div className="inbox-shortcuts">
      <a className="button button--secondary" href="https://mail.google.com/mail/u/0/#inbox" target="_blank" rel="noopener noreferrer">
        {t('common.openGmail')}
      </a>
      <a className="button button--secondary" href="https://outlook.live.com/mail/0/inbox" target="_blank" rel="noopener noreferrer">
        {t('common.openOutlook')}
      </a>
    </div>
  );
}

export function ScreenHeading({ title, intro, icon }: { title: string; intro?: ReactNode; icon?: ReactNode }) {
  return (
    <header className="screen-heading">
      {icon && <div className="screen-heading__icon">{icon}</div>}
      <h1>{title}</h1>
      {intro && <p className="screen-heading__intro">{intro}</p>}
    </header>
  );
}

/** A spinner while a screen waits for its data, said to screen readers; with a title, the page's too. */
export function Loading({ title }: { title?: string }) {
  const { t } = useI18n();
  return (
    <div className="loading" aria-busy="true">
      {title !== undefined && <PageTitle title={title} />}
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
