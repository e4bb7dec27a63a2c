import { isOtp, api as paths } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { CodeForm, CurrentPasswordField, SettingsForm } from '../../features/settings/confirm.tsx';
import { useSettings } from '../../features/settings/context.ts';
import { Block, Section } from '../../features/settings/section.tsx';
import { settingsApi } from '../../features/settings/settings-api.ts';
import { apiBase, callHeaders } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { useForm } from '../../lib/use-form.ts';

/** Download my data (a JSON file), and delete the account for good. */
export default function DeleteSection() {
  const { t } = useI18n();
  const { session, overview, deleted } = useSettings();
  const { email } = session.account;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const f = useForm();

  // Fetched rather than linked: inside a panel the call needs the installation's header.
  async function download() {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      const response = await fetch(`${apiBase()}${paths.accountExport}`, { credentials: 'include', headers: callHeaders() });
      if (!response.ok) throw new Error(String(response.status));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'account-data.json';
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  const sendCode = f.onSubmit(async () => {
    const result = await settingsApi('POST', paths.accountDeletionCode);
    if (result.error) return f.fail(result);
    f.clear();
    setCode('');
    setCodeSent(true);
  });

  const remove = f.onSubmit(async () => {
    const body = overview.hasPassword ? { currentPassword: password } : { emailCode: code };
    const missing = overview.hasPassword
      ? { currentPassword: password ? undefined : ('validation.password_required' as const) }
      : { emailCode: isOtp(code) ? undefined : ('validation.otp_required' as const) };
    if (!f.check(missing)) return;
    const result = await settingsApi('POST', paths.accountDelete, body);
    if (result.error) return f.fail(result);
    deleted(email);
  });

  return (
    <Section name="delete">
      <Block title={t('settings.data.heading')} intro={t('settings.data.intro')}>
        {downloadFailed && <FormAlert code="server.internal" />}
        <div className="settings-form">
          <Button type="button" variant="secondary" busy={downloading} onClick={() => void download()}>
            {t('settings.data.download')}
          </Button>
        </div>
      </Block>
      <Block title={t('settings.delete.heading')} intro={t('settings.delete.intro')} tone="danger">
        <ul className="settings-list">
          <li>{t('settings.delete.what1')}</li>
          <li>{t('settings.delete.what4')}</li>
          <li>{t('settings.delete.what2')}</li>
          <li>{t('settings.delete.what3')}</li>
        </ul>
        {overview.hasPassword ? (
          <SettingsForm form={f} onSubmit={remove}>
            <CurrentPasswordField
              account={email}
              value={password}
              onValue={setPassword}
              error={f.fields.currentPassword}
              hint={t('settings.delete.passwordHint')}
            />
            <Button busy={f.busy} className="button button--danger">
              {t('settings.delete.submit')}
            </Button>
          </SettingsForm>
        ) : codeSent ? (
          <CodeForm
            form={f}
            onSubmit={remove}
            notice={rich(t('settings.delete.codeSent'), { email: <Email value={email} /> })}
            code={code}
            onCode={setCode}
            field="emailCode"
          >
            <Button busy={f.busy} className="button button--danger">
              {t('settings.delete.submit')}
            </Button>
            <Button type="button" variant="ghost" disabled={f.busy} onClick={sendCode}>
              {t('otp.resend')}
            </Button>
          </CodeForm>
        ) : (
          <SettingsForm form={f} onSubmit={sendCode}>
            <Button busy={f.busy} variant="secondary">
              {t('settings.delete.sendCode')}
            </Button>
          </SettingsForm>
        )}
      </Block>
    </Section>
  );
}
