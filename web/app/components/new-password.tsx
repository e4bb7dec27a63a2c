import { checkPassword, emailFragmentIn } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { runtimeConfig } from '../lib/runtime-config.ts';
import type { FieldErrors } from '../lib/use-form.ts';
import { Field } from './fields.tsx';

/** A new password typed twice, checked by the contract's rule before anything is sent. */
export function useNewPassword(email?: string) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  function errors(): FieldErrors {
    const rule = checkPassword(password, { email, minLength: runtimeConfig().passwordMinLength });
    return { password: rule, repeatPassword: !rule && repeat !== password ? 'validation.password_mismatch' : undefined };
  }
  return { password, repeat, setPassword, setRepeat, errors, email };
}

export function NewPasswordFields({
  state,
  fields,
  labels,
}: {
  state: ReturnType<typeof useNewPassword>;
  fields: FieldErrors;
  /** Other labels than "Password" and "Repeat password" (a change, beside the current password). */
  labels?: { password: string; repeat: string };
}) {
  const { t } = useI18n();
  // The seed's message stays as it is; the line under it names the part of the address found.
  const fragment =
    fields.password === 'validation.password_contains_email' && state.email ? emailFragmentIn(state.password, state.email) : undefined;
  return (
    <>
      <Field
        name="password"
        type="password"
        label={labels?.password ?? t('common.password')}
        autoComplete="new-password"
        value={state.password}
        onChange={(e) => state.setPassword(e.target.value)}
        error={fields.password}
        errorDetail={fragment && t('setPassword.fragment', { fragment })}
        hint={t('setPassword.rule')}
        help={t('setPassword.tooltip')}
      />
      <Field
        name="repeatPassword"
        type="password"
        label={labels?.repeat ?? t('common.repeatPassword')}
        autoComplete="new-password"
        value={state.repeat}
        onChange={(e) => state.setRepeat(e.target.value)}
        error={fields.repeatPassword}
      />
    </>
  );
}
