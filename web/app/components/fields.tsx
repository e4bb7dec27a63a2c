import type { ErrorCode } from '@gatehouse/contract/browser';
import { type InputHTMLAttributes, type ReactNode, useId, useRef, useState } from 'react';
import { useEarlyInput } from '../lib/early-input.ts';
import { useI18n } from '../lib/i18n.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import { FieldHelp } from './tooltip.tsx';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: string;
  error?: ErrorCode;
  hint?: ReactNode;
  /** Longer help, in a tooltip beside the label. */
  help?: ReactNode;
  optional?: boolean;
  /** A line under the error's message, naming what in the value is wrong. */
  errorDetail?: ReactNode;
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function Field({ name, label, error, errorDetail, hint, help, optional, type = 'text', ...input }: FieldProps) {
  const { t, te } = useI18n();
  const id = useId();
  const [reveal, setReveal] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  useEarlyInput(ref);
  const isPassword = type === 'password';
  // The error replaces the hint: both usually say how the value should be, once is enough.
  const showHint = hint && !error;
  const described = [showHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <div className="field__top">
        <label htmlFor={id} className="field__label">
          {label}
          {optional && <span className="field__optional"> ({t('common.optional')})</span>}
        </label>
        {help && <FieldHelp>{help}</FieldHelp>}
      </div>
      <div className="field__control">
        <input
          ref={ref}
          id={id}
          name={name}
          type={isPassword && reveal ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className="field__input"
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="field__reveal"
            onClick={() => setReveal(!reveal)}
            aria-label={reveal ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={reveal}
          >
            {reveal ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {showHint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {te(error)}
          {errorDetail && <span className="field__error-detail">{errorDetail}</span>}
        </p>
      )}
    </div>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type'> {
  name: string;
  children: ReactNode;
  error?: ErrorCode;
}

export function Checkbox({ name, children, error, ...input }: CheckboxProps) {
  const { te } = useI18n();
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEarlyInput(ref);
  return (
    <div className={`check${error ? ' check--invalid' : ''}`}>
      <input
        ref={ref}
        id={id}
        name={name}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <label htmlFor={id}>{children}</label>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {te(error)}
        </p>
      )}
    </div>
  );
}

/** The e-mail field of every form: same label, placeholder and keyboard everywhere. */
export function EmailField({
  value,
  onValue,
  error,
  autoComplete = 'email',
  label,
}: {
  value: string;
  onValue(value: string): void;
  error?: ErrorCode;
  autoComplete?: 'email' | 'username' | 'username webauthn';
  /** Another label than "Email" (the new address of an e-mail change). */
  label?: string;
}) {
  const { t } = useI18n();
  return (
    <Field
      name="email"
      type="email"
      label={label ?? t('common.email')}
      placeholder={t('common.emailPlaceholder')}
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      error={error}
    />
  );
}

/** Languages whose names are written family name first, and whose forms ask for it first. */
const familyNameFirst: ReadonlySet<string> = new Set(['ja']);

/**
 * The optional first and family name, side by side, in the order the language writes a name
 * (Japanese: family name first); the fields and the payload stay the same either way.
 */
export function NameFields({
  firstName,
  familyName,
  onFirstName,
  onFamilyName,
  errors,
  optional,
}: {
  firstName: string;
  familyName: string;
  onFirstName(value: string): void;
  onFamilyName(value: string): void;
  errors: { firstName?: ErrorCode; familyName?: ErrorCode };
  optional?: boolean;
}) {
  const { t, language } = useI18n();
  const fields = [
    { name: 'firstName', label: t('common.firstName'), autoComplete: 'given-name', value: firstName, onValue: onFirstName },
    { name: 'familyName', label: t('common.lastName'), autoComplete: 'family-name', value: familyName, onValue: onFamilyName },
  ] as const;
  return (
    <div className="form__pair">
      {(familyNameFirst.has(language) ? [fields[1], fields[0]] : fields).map(({ onValue, ...field }) => (
        <Field
          key={field.name}
          {...field}
          onChange={(e) => onValue(e.target.value)}
          error={errors[field.name]}
          optional={optional}
          maxLength={100}
        />
      ))}
    </div>
  );
}
