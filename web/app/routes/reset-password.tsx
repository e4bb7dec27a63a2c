import { normalizeEmail, api as paths } from '@gatehouse/contract';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { EmailField } from '../components/fields.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { MailIcon } from '../components/icons.tsx';
import { Button, InboxShortcuts, ScreenHeading } from '../components/ui.tsx';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LocalLink, useLocalNavigate } from '../lib/navigation.tsx';
import { panelCredentials } from '../lib/panel.ts';
import { Email, rich } from '../lib/rich.tsx';
import { isControlPanel } from '../lib/runtime-config.ts';
import { useForm } from '../lib/use-form.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

/**
 * Forgot password: ask for a reset link, or in a hosting panel for a code, which is typed on
 * /reset with the address. The answer is the same for every address.
 */
export default function ResetPassword() {
  const { t, language } = useI18n();
  const navigate = useLocalNavigate();
  // The address typed on the sign-in page comes along ("Forgot password?"), never in the URL.
  const [email, setEmail] = useState((useLocation().state as { email?: string } | null)?.email ?? '');
  const [sentTo, setSentTo] = useState('');
  const f = useForm();

  const submit = f.onSubmit(async () => {
    const normalized = normalizeEmail(email);
    if (!f.check({ email: normalized.ok ? undefined : normalized.code }) || !normalized.ok) return;
    const panel = isControlPanel();
    const result = await api('POST', paths.initPasswordReset, {
      email: normalized.email,
      locale: language,
      // A code is mailed only for a registered panel's own page, with its apiKey.
      ...(panel ? { otp: true, apiKey: panelCredentials().apiKey } : {}),
    });
    if (result.error) return f.fail(result);
    if (panel) return navigate('/reset', { state: { email: normalized.email } });
    setSentTo(normalized.email);
  });

  return (
    <>
      <PageTitle title={t('titles.resetPassword')} />
      {sentTo ? (
        <>
          <ScreenHeading
            icon={<MailIcon />}
            title={t('resetRequest.sentHeading')}
            intro={rich(t('resetRequest.sent'), { email: <Email value={sentTo} /> })}
          />
          <InboxShortcuts />
        </>
      ) : (
        <>
          <ScreenHeading title={t('resetRequest.heading')} intro={t(isControlPanel() ? 'resetRequest.codeIntro' : 'resetRequest.intro')} />
          <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form">
            <FormAlert code={f.formError} />
            <EmailField value={email} onValue={setEmail} error={f.fields.email} />
            <Button busy={f.busy}>{t(isControlPanel() ? 'resetRequest.submitCode' : 'resetRequest.submit')}</Button>
          </form>
        </>
      )}
      <p className="switch">
        <LocalLink to="/login">{t('resetRequest.backToLogin')}</LocalLink>
      </p>
    </>
  );
}
