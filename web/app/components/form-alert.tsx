import type { ErrorCode } from '@gatehouse/contract/browser';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { AlertIcon, CheckIcon } from './icons.tsx';

/**
 * When the alert's message is one an invalid field near it says already, the labels of every
 * invalid field there: each says its own error, so the alert names them instead of saying one a
 * second time. `null` when one has no plain label (a consent's checkbox); empty when no field
 * repeats the message (an error of the whole form, said by the alert alone).
 */
function repeatedIn(region: HTMLElement | null, message: string): string[] | null {
  const scope = region?.closest('form') ?? region?.parentElement;
  if (!scope) return [];
  const invalid = [...scope.querySelectorAll('.field--invalid, .check--invalid')];
  if (!invalid.some((field) => field.querySelector('.field__error')?.firstChild?.textContent === message)) return [];
  const labels = invalid.map((field) => field.querySelector('.field__label')?.firstChild?.textContent?.trim() ?? '');
  return labels.includes('') ? null : labels;
}

/**
 * The form's message, in a live region so screen readers announce it when it appears. A field's
 * error is said once, under the field: the alert then names what to correct (decision 058).
 */
export function FormAlert({
  code,
  tone = 'error',
  children,
}: {
  code?: ErrorCode;
  tone?: 'error' | 'success' | 'info';
  children?: ReactNode;
}) {
  const { t, te, language } = useI18n();
  const region = useRef<HTMLDivElement>(null);
  const message = !children && tone === 'error' && code ? te(code) : undefined;
  const [fields, setFields] = useState<string[] | null>([]);
  // After every render: the fields' errors come and go with the typing, in the same commit as this.
  useLayoutEffect(() => {
    const found = message ? repeatedIn(region.current, message) : [];
    setFields((current) => (JSON.stringify(current) === JSON.stringify(found) ? current : found));
  });
  const summary =
    fields === null
      ? t('common.formHasErrors')
      : fields.length > 0
        ? t('common.fixFields', { count: fields.length, fields: new Intl.ListFormat(language, { type: 'conjunction' }).format(fields) })
        : undefined;
  const content = children ?? summary ?? (code ? te(code) : null);
  return (
    <div
      ref={region}
      className="alert-region"
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
    >
      {content && (
        <div className={`alert alert--${tone}`}>
          {tone === 'success' ? <CheckIcon className="alert__icon" /> : <AlertIcon className="alert__icon" />}
          <div>{content}</div>
        </div>
      )}
    </div>
  );
}
