import type { ErrorCode } from '@gatehouse/contract/browser';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { AlertIcon, CheckIcon } from './icons.tsx';

/** The form's message, in a live region so screen readers announce it when it appears. */
export function FormAlert({
  code,
  tone = 'error',
  children,
}: {
  code?: ErrorCode;
  tone?: 'error' | 'success' | 'info';
  children?: ReactNode;
}) {
  const { te } = useI18n();
  const content = children ?? (code ? te(code) : null);
  return (
    <div className="alert-region" role={tone === 'error' ? 'alert' : 'status'} aria-live={tone === 'error' ? 'assertive' : 'polite'}>
      {content && (
        <div className={`alert alert--${tone}`}>
          {tone === 'success' ? <CheckIcon className="alert__icon" /> : <AlertIcon className="alert__icon" />}
          <div>{content}</div>
        </div>
      )}
    </div>
  );
}
