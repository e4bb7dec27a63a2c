import { isOtp } from '@gatehouse/contract/browser';
import { type ReactNode, useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { OtpField } from '../../components/otp-field.tsx';
import { Button } from '../../components/ui.tsx';
import { type ApiResult, api } from '../../lib/api.ts';
import { type FieldErrors, useForm } from '../../lib/use-form.ts';
import { CurrentPasswordField, SettingsForm } from './confirm.tsx';

/** The owner's proof, as every call that asks for it names it (`ownerProof` in the contract). */
export type WayInProof = { currentPassword: string } | { emailCode: string };

/**
 * The fresh proof before a change to a way in (connecting a provider; adding, renaming or removing
 * a passkey), like the other account changes: the password, or for an account without one a code
 * mailed to its address (decision 030). `proceed` gets the proof and answers the server's result;
 * a failure shows here, a field's under that field (the proof's, or one of `fields`).
 *
 * Adding a way in is the form's whole subject, so its prompt (`texts.password`, `texts.code`)
 * comes first and says why. A change to one already listed (`intro`, `fields`) says first what it
 * does: the password's prompt is then the field's hint, as in the other settings that ask for it,
 * and the code's follows the change's fields.
 */
export function WayInProofForm({
  hasPassword,
  codePath,
  texts,
  intro,
  fields,
  check,
  tone,
  proceed,
  onCancel,
}: {
  hasPassword: boolean;
  /** The call that mails the code. */
  codePath: string;
  texts: { password: string; code: string; codeSent: string; sendCode: string; proceed: string; cancel: string };
  /** What the change does, first in the form (what removing a passkey means). */
  intro?: ReactNode;
  /** The change's own fields (a new name), before the proof; given the form's field errors. */
  fields?(errors: FieldErrors): ReactNode;
  /** Checks `fields` before anything is sent: the errors found, by field name. */
  check?(): FieldErrors;
  /** `danger`: the change takes a way in away, and its button says so. */
  tone?: 'danger';
  proceed(proof: WayInProof): Promise<ApiResult<unknown> | undefined>;
  onCancel(): void;
}) {
  const f = useForm();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const change = Boolean(intro || fields);

  const sendCode = f.onSubmit(async () => {
    const result = await api('POST', codePath);
    if (result.error) return f.fail(result);
    f.clear();
    setCode('');
    setCodeSent(true);
  });

  const submit = f.onSubmit(async () => {
    const missing = hasPassword
      ? { currentPassword: password ? undefined : ('validation.password_required' as const) }
      : { emailCode: isOtp(code) ? undefined : ('validation.otp_required' as const) };
    if (!f.check({ ...check?.(), ...missing })) return;
    const result = await proceed(hasPassword ? { currentPassword: password } : { emailCode: code });
    if (result?.error) f.fail(result);
  });

  const actions = (primary: ReactNode) => (
    <div className="connection__actions">
      {primary}
      <Button type="button" variant="ghost" disabled={f.busy} onClick={onCancel}>
        {texts.cancel}
      </Button>
    </div>
  );
  const proceedButton = (
    <Button busy={f.busy} {...(tone === 'danger' ? { className: 'button button--danger' } : {})}>
      {texts.proceed}
    </Button>
  );
  const notice = (prompt: ReactNode) => (
    <>
      {intro}
      {prompt}
    </>
  );

  if (hasPassword) {
    return (
      <SettingsForm form={f} onSubmit={submit} notice={notice(!change && <p className="muted">{texts.password}</p>)}>
        {fields?.(f.fields)}
        <CurrentPasswordField
          value={password}
          onValue={setPassword}
          error={f.fields.currentPassword}
          hint={change ? texts.password : undefined}
        />
        {actions(proceedButton)}
      </SettingsForm>
    );
  }
  if (codeSent) {
    return (
      <SettingsForm form={f} onSubmit={submit} notice={notice(<FormAlert tone="info">{texts.codeSent}</FormAlert>)}>
        {fields?.(f.fields)}
        <OtpField name="emailCode" value={code} onValue={setCode} error={f.fields.emailCode} />
        {actions(proceedButton)}
      </SettingsForm>
    );
  }
  return (
    <SettingsForm form={f} onSubmit={sendCode} notice={notice(!change && <p className="muted">{texts.code}</p>)}>
      {fields?.(f.fields)}
      {change && <p className="muted">{texts.code}</p>}
      {actions(
        <Button busy={f.busy} variant="secondary">
          {texts.sendCode}
        </Button>,
      )}
    </SettingsForm>
  );
}
