import { normalizeEmail } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { EmailField } from '../components/fields.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { MailIcon } from '../components/icons.tsx';
import { Button, InboxShortcuts, ScreenHeading } from '../components/ui.tsx';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { mode } from '../lib/mode.ts';
import { LocalLink, useLocalNavigate } from '../lib/navigation.tsx';
import { Email, rich } from '../lib/rich.tsx';
import { useForm } from '../lib/use-form.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

/**
 * Forgot password: ask for a reset link, or where the mail carries a code (a hosting panel) for a
 * code, which is typed on /reset with the address. The answer is the same for every address.
 */
export default function ResetPassword() {
  const { t, language } = useI18n();
  const navigate = useLocalNavigate();
  // The address typed on the sign-in page comes along ("Forgot password?"), never in the URL.
  const [email, setEmail] = useState((useLocation().state as { email?: string } | null)?.email ?? '');
  const [sentTo, setSentTo] = useState('');
  const f = useForm();
  const byCode = mode().mailed === 'code';

  const submit = f.onSubmit(async () => {
    const normalized = normalizeEmail(email);
    if (!f.check({ email: normalized.ok ? undefined : normalized.code }) || !normalized.ok) return;
    const result = await mode().account.requestReset(normalized.email, language);
    if (result.error) return f.fail(result);
    if (byCode) return navigate('/reset', { state: { email: normalized.email } });
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
          <ScreenHeading title={t('resetRequest.heading')} intro={t(byCode ? 'resetRequest.codeIntro' : 'resetRequest.intro')} />
          <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form">
            <FormAlert code={f.formError} />
            <EmailField value={email} onValue={setEmail} error={f.fields.email} />
            <Button busy={f.busy}>{t(byCode ? 'resetRequest.submitCode' : 'resetRequest.submit')}</Button>
          </form>
        </>
      )}
      <p className="switch">
        <LocalLink to="/login">{t('resetRequest.backToLogin')}</LocalLink>
      </p>
    </>
  );
}
