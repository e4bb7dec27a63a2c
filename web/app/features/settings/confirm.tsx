import type { ErrorCode } from '@gatehouse/contract/browser';
import type { FormEvent, ReactNode } from 'react';
import { Field } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { OtpField } from '../../components/otp-field.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import type { useForm } from '../../lib/use-form.ts';

type Form = ReturnType<typeof useForm>;

/** A settings form: its notice (a pending state, a success), then its error, then the fields. */
export function SettingsForm({
  form,
  onSubmit,
  notice,
  children,
}: {
  form: Form;
  onSubmit(event: FormEvent): void;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form method="post" ref={form.ref} onSubmit={onSubmit} noValidate className="form settings-form">
      {notice}
      <FormAlert code={form.formError} />
      {children}
    </form>
  );
}

/**
 * The current password, typed again before a change a stolen session must not make alone (the
 * password, the address, deleting the account). With `account`, the address goes along, hidden,
 * for password managers.
 */
export function CurrentPasswordField({
  value,
  onValue,
  error,
  hint,
  name = 'currentPassword',
  label,
  account,
}: {
  value: string;
  onValue(value: string): void;
  error?: ErrorCode;
  hint?: ReactNode;
  name?: string;
  label?: string;
  account?: string;
}) {
  const { t } = useI18n();
  return (
    <>
      {account !== undefined && <input type="email" name="username" autoComplete="username" value={account} readOnly hidden />}
      <Field
        name={name}
        type="password"
        label={label ?? t('common.password')}
        autoComplete="current-password"
        value={value}
        onChange={(e) => onValue(e.target.value)}
        error={error}
        hint={hint}
      />
    </>
  );
}

/** Confirms with the 6-digit code mailed to an address (deleting without a password, a new address inside a panel). */
export function CodeForm({
  form,
  onSubmit,
  notice,
  code,
  onCode,
  field = 'code',
  children,
}: {
  form: Form;
  onSubmit(event: FormEvent): void;
  notice: ReactNode;
  code: string;
  onCode(code: string): void;
  /** The field the server names in its answer: `emailCode` where the code stands in for the password. */
  field?: 'code' | 'emailCode';
  children: ReactNode;
}) {
  return (
    <SettingsForm form={form} onSubmit={onSubmit} notice={<FormAlert tone="info">{notice}</FormAlert>}>
      <OtpField name={field} value={code} onValue={onCode} error={form.fields[field]} />
      {children}
    </SettingsForm>
  );
}
