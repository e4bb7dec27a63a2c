import { isOtp, normalizeEmail, api as paths } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { EmailField } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { CodeForm, CurrentPasswordField, SettingsForm } from '../../features/settings/confirm.tsx';
import { useSettings } from '../../features/settings/context.ts';
import { Section } from '../../features/settings/section.tsx';
import { settingsApi } from '../../features/settings/settings-api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { mode } from '../../lib/mode.ts';
import { Email, rich } from '../../lib/rich.tsx';
import { useForm } from '../../lib/use-form.ts';

/**
 * Change the sign-in address: the password again, then a link to the new address (a code inside
 * a hosting panel). The address changes only once the new one is confirmed.
 */
export default function EmailSection() {
  const { t } = useI18n();
  const { session, overview, refresh } = useSettings();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [changed, setChanged] = useState<string>();
  const [another, setAnother] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'resent' | 'withdrawn'; email: string }>();
  const f = useForm();
  const byCode = mode().mailed === 'code';
  const pending = overview.pendingEmail;

  const start = f.onSubmit(async () => {
    setChanged(undefined);
    setOutcome(undefined);
    const normalized = normalizeEmail(email);
    const emailError = normalized.ok ? undefined : normalized.code;
    if (!f.check({ email: emailError, currentPassword: password ? undefined : 'validation.password_required' })) return;
    const result = await settingsApi<{ pendingEmail: string }>('POST', paths.accountEmail, { email, currentPassword: password });
    if (result.error) return f.fail(result);
    f.clear();
    setEmail('');
    setPassword('');
    setAnother(false);
    await refresh();
  });

  const resend = f.onSubmit(async () => {
    setOutcome(undefined);
    const result = await settingsApi<{ pendingEmail: string }>('POST', paths.accountEmailResend, {});
    if (result.error || !result.data) return f.fail(result);
    f.clear();
    setOutcome({ kind: 'resent', email: result.data.pendingEmail });
  });

  const withdraw = f.onSubmit(async () => {
    setOutcome(undefined);
    const result = await settingsApi('POST', paths.accountEmailWithdraw, {});
    if (result.error) return f.fail(result);
    f.clear();
    setAnother(false);
    setOutcome({ kind: 'withdrawn', email: session.account.email });
    await refresh();
  });

  // The pending change's own next steps: the mail again (a fresh link or code), or no change after all.
  const pendingActions = pending && (
    <div className="pending-actions">
      <Button type="button" variant="secondary" onClick={resend} disabled={f.busy}>
        {byCode ? t('settings.email.resendCode') : t('settings.email.resendLink')}
      </Button>
      <Button type="button" variant="secondary" onClick={withdraw} disabled={f.busy}>
        {t('settings.email.withdraw')}
      </Button>
    </div>
  );

  const confirm = f.onSubmit(async () => {
    if (!f.check({ code: isOtp(code) ? undefined : 'validation.otp_required' })) return;
    const result = await settingsApi<{ email: string }>('POST', paths.accountEmailConfirm, { code });
    if (result.error || !result.data) return f.fail(result);
    f.clear();
    setCode('');
    setChanged(result.data.email);
    await refresh();
  });

  return (
    <Section name="email" intro={t('settings.email.intro')}>
      <p className="settings-fact">{rich(t('settings.email.current'), { email: <Email value={session.account.email} /> })}</p>
      {changed && <FormAlert tone="success">{rich(t('settings.email.changed'), { email: <Email value={changed} /> })}</FormAlert>}
      {outcome && (
        <FormAlert tone="success">{rich(t(`settings.email.${outcome.kind}`), { email: <Email value={outcome.email} /> })}</FormAlert>
      )}
      {pending && byCode && !another ? (
        <CodeForm
          form={f}
          onSubmit={confirm}
          notice={rich(t('settings.email.pendingCode'), { email: <Email value={pending} /> })}
          code={code}
          onCode={setCode}
        >
          <Button busy={f.busy}>{t('settings.email.confirm')}</Button>
          <Button type="button" variant="ghost" onClick={() => setAnother(true)}>
            {t('settings.email.submitAgain')}
          </Button>
          {pendingActions}
        </CodeForm>
      ) : (
        <SettingsForm
          form={f}
          onSubmit={start}
          notice={
            pending && (
              <>
                <FormAlert tone="info">{rich(t('settings.email.pending'), { email: <Email value={pending} /> })}</FormAlert>
                {pendingActions}
              </>
            )
          }
        >
          <EmailField value={email} onValue={setEmail} error={f.fields.email} autoComplete="email" label={t('settings.email.new')} />
          <CurrentPasswordField
            value={password}
            onValue={setPassword}
            error={f.fields.currentPassword}
            hint={t('settings.email.passwordHint')}
          />
          <Button busy={f.busy}>{pending ? t('settings.email.submitAgain') : t('settings.email.submit')}</Button>
        </SettingsForm>
      )}
    </Section>
  );
}
