import { api as paths } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/form-alert.tsx';
import { NewPasswordFields, useNewPassword } from '../../components/new-password.tsx';
import { Button } from '../../components/ui.tsx';
import { CurrentPasswordField, SettingsForm } from '../../features/settings/confirm.tsx';
import { useSettings } from '../../features/settings/context.ts';
import { Section } from '../../features/settings/section.tsx';
import { formatDateTime, settingsApi } from '../../features/settings/settings-api.ts';
import { twoFactorPath } from '../../features/two-factor/two-factor-path.ts';
import { localizedPath, useI18n } from '../../lib/i18n.tsx';
import { asksSecondFactor, mode } from '../../lib/mode.ts';
import { Email, rich } from '../../lib/rich.tsx';
import { useForm } from '../../lib/use-form.ts';

/** Change the password with the current one; an account without one gets a link (a code in a panel) to set it. */
export default function PasswordSection() {
  const { t, language } = useI18n();
  const { session, overview, refresh } = useSettings();
  const { email } = session.account;
  const [current, setCurrent] = useState('');
  const next = useNewPassword(email);
  // Back from the code screen a change asked for (below), the change is done.
  const [params] = useSearchParams();
  const [done, setDone] = useState(() => params.get('changed') === '1');
  const [linkSent, setLinkSent] = useState(false);
  const f = useForm();
  const navigate = useNavigate();
  const byCode = mode().mailed === 'code';

  const change = f.onSubmit(async () => {
    setDone(false);
    if (!f.check({ currentPassword: current ? undefined : 'validation.password_required', ...next.errors() })) return;
    const result = await settingsApi('POST', paths.accountPassword, { currentPassword: current, password: next.password });
    if (result.error) return f.fail(result);
    // A session signed in before two-factor was on gets its new one only with the code.
    if (asksSecondFactor(result.data))
      return navigate(twoFactorPath(language, `${localizedPath('/settings/password', language)}?changed=1`));
    f.clear();
    setCurrent('');
    next.setPassword('');
    next.setRepeat('');
    setDone(true);
    await refresh();
  });

  const sendLink = f.onSubmit(async () => {
    const result = await mode().account.requestReset(email, language);
    if (result.error) return f.fail(result);
    setLinkSent(true);
  });

  if (!overview.hasPassword) {
    return (
      <Section name="password" intro={t('settings.password.noPassword')}>
        <SettingsForm
          form={f}
          onSubmit={sendLink}
          notice={
            <FormAlert tone="success">
              {linkSent
                ? rich(t(byCode ? 'settings.password.codeSent' : 'settings.password.linkSent'), {
                    email: <Email value={email} />,
                  })
                : null}
            </FormAlert>
          }
        >
          <Button busy={f.busy} variant="secondary">
            {t(byCode ? 'settings.password.sendCode' : 'settings.password.sendLink')}
          </Button>
        </SettingsForm>
      </Section>
    );
  }
  return (
    <Section name="password" intro={t('settings.password.intro')}>
      {overview.passwordChangedAt && (
        <p className="settings-fact">
          {t('settings.password.lastChanged', { date: formatDateTime(overview.passwordChangedAt, language) })}
        </p>
      )}
      <SettingsForm
        form={f}
        onSubmit={change}
        notice={<FormAlert tone="success">{done && !f.formError ? t('settings.password.done') : null}</FormAlert>}
      >
        {/* The account's address goes along for password managers, which save the new password under it. */}
        <CurrentPasswordField
          account={email}
          label={t('settings.password.current')}
          value={current}
          onValue={setCurrent}
          error={f.fields.currentPassword}
        />
        <NewPasswordFields
          state={next}
          fields={f.fields}
          labels={{ password: t('settings.password.new'), repeat: t('settings.password.repeatNew') }}
        />
        <Button busy={f.busy}>{t('settings.password.submit')}</Button>
      </SettingsForm>
    </Section>
  );
}
