import { api as paths, type SsoProviderName } from '@gatehouse/contract';
import { useState } from 'react';
import { Button } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useForm } from '../../lib/use-form.ts';
import { CodeForm, CurrentPasswordField, SettingsForm } from '../settings/confirm.tsx';

/**
 * Connecting a provider asks for a fresh proof first, like the other account changes: the
 * password, or for an account without one a code mailed to its address (decision 030). The
 * server answers where the browser goes next, the provider's page.
 */
export function ConnectProvider({
  provider,
  name,
  hasPassword,
  onCancel,
}: {
  provider: SsoProviderName;
  name: string;
  hasPassword: boolean;
  onCancel(): void;
}) {
  const { t, language } = useI18n();
  const f = useForm();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);

  const sendCode = f.onSubmit(async () => {
    const result = await api('POST', paths.ssoLinkCode);
    if (result.error) return f.fail(result);
    f.clear();
    setCode('');
    setCodeSent(true);
  });

  const proceed = f.onSubmit(async () => {
    const missing = hasPassword
      ? { password: password ? undefined : ('validation.password_required' as const) }
      : { code: /^\d{6}$/.test(code) ? undefined : ('validation.otp_required' as const) };
    if (!f.check(missing)) return;
    const proof = hasPassword ? { password } : { code };
    const result = await api<{ location: string }>('POST', paths.ssoLink, { provider, locale: language, ...proof });
    if (result.error || !result.data) return f.fail(result);
    window.location.assign(result.data.location);
  });

  const buttons = (
    <div className="connection__actions">
      <Button busy={f.busy}>{t('connected.proceed', { provider: name })}</Button>
      <Button type="button" variant="ghost" disabled={f.busy} onClick={onCancel}>
        {t('connected.cancel')}
      </Button>
    </div>
  );
  if (hasPassword) {
    return (
      <SettingsForm form={f} onSubmit={proceed} notice={<p className="muted">{t('connected.confirmPassword', { provider: name })}</p>}>
        <CurrentPasswordField value={password} onValue={setPassword} error={f.fields.password} />
        {buttons}
      </SettingsForm>
    );
  }
  if (codeSent) {
    return (
      <CodeForm form={f} onSubmit={proceed} notice={t('connected.codeSent')} code={code} onCode={setCode}>
        {buttons}
      </CodeForm>
    );
  }
  return (
    <SettingsForm form={f} onSubmit={sendCode} notice={<p className="muted">{t('connected.confirmCode', { provider: name })}</p>}>
      <div className="connection__actions">
        <Button busy={f.busy} variant="secondary">
          {t('connected.sendCode')}
        </Button>
        <Button type="button" variant="ghost" disabled={f.busy} onClick={onCancel}>
          {t('connected.cancel')}
        </Button>
      </div>
    </SettingsForm>
  );
}
