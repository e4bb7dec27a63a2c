import { isOtp } from '@gatehouse/contract';
import { useState } from 'react';
import { Button } from '../../components/ui.tsx';
import { type ApiResult, api } from '../../lib/api.ts';
import { useForm } from '../../lib/use-form.ts';
import { CodeForm, CurrentPasswordField, SettingsForm } from './confirm.tsx';

export type WayInProof = { password: string } | { code: string };

/**
 * The fresh proof before adding a way in (a provider, a passkey), like the other account changes:
 * the password, or for an account without one a code mailed to its address (decision 030).
 * `proceed` gets the proof and answers the server's result; a failure shows here.
 */
export function WayInProofForm({
  hasPassword,
  codePath,
  texts,
  proceed,
  onCancel,
}: {
  hasPassword: boolean;
  /** The call that mails the code. */
  codePath: string;
  texts: { password: string; code: string; codeSent: string; sendCode: string; proceed: string; cancel: string };
  proceed(proof: WayInProof): Promise<ApiResult<unknown> | undefined>;
  onCancel(): void;
}) {
  const f = useForm();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);

  const sendCode = f.onSubmit(async () => {
    const result = await api('POST', codePath);
    if (result.error) return f.fail(result);
    f.clear();
    setCode('');
    setCodeSent(true);
  });

  const submit = f.onSubmit(async () => {
    const missing = hasPassword
      ? { password: password ? undefined : ('validation.password_required' as const) }
      : { code: isOtp(code) ? undefined : ('validation.otp_required' as const) };
    if (!f.check(missing)) return;
    const result = await proceed(hasPassword ? { password } : { code });
    if (result?.error) f.fail(result);
  });

  const cancel = (
    <Button type="button" variant="ghost" disabled={f.busy} onClick={onCancel}>
      {texts.cancel}
    </Button>
  );
  if (hasPassword) {
    return (
      <SettingsForm form={f} onSubmit={submit} notice={<p className="muted">{texts.password}</p>}>
        <CurrentPasswordField value={password} onValue={setPassword} error={f.fields.password} />
        <div className="connection__actions">
          <Button busy={f.busy}>{texts.proceed}</Button>
          {cancel}
        </div>
      </SettingsForm>
    );
  }
  if (codeSent) {
    return (
      <CodeForm form={f} onSubmit={submit} notice={texts.codeSent} code={code} onCode={setCode}>
        <div className="connection__actions">
          <Button busy={f.busy}>{texts.proceed}</Button>
          {cancel}
        </div>
      </CodeForm>
    );
  }
  return (
    <SettingsForm form={f} onSubmit={sendCode} notice={<p className="muted">{texts.code}</p>}>
      <div className="connection__actions">
        <Button busy={f.busy} variant="secondary">
          {texts.sendCode}
        </Button>
        {cancel}
      </div>
    </SettingsForm>
  );
}
