import type { ErrorCode } from '@gatehouse/contract/browser';
import { useI18n } from '../lib/i18n.tsx';
import { otpDigits } from '../lib/otp.ts';
import { Field } from './fields.tsx';

/**
 * The one-time code: a single field, so the browser's autofill (autocomplete="one-time-code")
 * and a paste of the whole code both work, with the number keyboard on phones.
 */
export function OtpField({
  value,
  onValue,
  error,
  name = 'code',
  label,
  hint,
}: {
  value: string;
  onValue(value: string): void;
  error?: ErrorCode;
  name?: string;
  label?: string;
  hint?: string;
}) {
  const { t } = useI18n();
  return (
    <Field
      name={name}
      label={label ?? t('otp.label')}
      className="field__input field__input--otp"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      placeholder="000000"
      spellCheck={false}
      value={value}
      onChange={(e) => onValue(otpDigits(e.target.value))}
      error={error}
      hint={hint ?? t('otp.hint')}
    />
  );
}
