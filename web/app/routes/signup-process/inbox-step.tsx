import { api as paths } from '@gatehouse/contract';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { MailIcon } from '../../components/icons.tsx';
import { Button, InboxShortcuts, ScreenHeading } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useLocalNavigate } from '../../lib/navigation.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { useBaseStore, useSignupStore } from '../../lib/stores.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useForm } from '../../lib/use-form.ts';

/** Step 1: the link is on its way; resend it (once a minute) or start over with another address. */
export function InboxStep() {
  const { t, language } = useI18n();
  const navigate = useLocalNavigate();
  const email = useSignupStore((s) => s.email);
  const [nextResend, setNextResend] = useState(() => Date.now() + 60_000);
  const [resent, setResent] = useState(false);
  const wait = useCountdown(nextResend);
  const f = useForm();

  const resend = f.onSubmit(async () => {
    setResent(false);
    const result = await api('POST', paths.resendVerification, { email, locale: language });
    if (result.error) {
      if (result.retryAfter) setNextResend(Date.now() + result.retryAfter * 1000);
      return f.fail(result);
    }
    f.clear();
    setResent(true);
    setNextResend(Date.now() + 60_000);
  });

  function startOver() {
    useSignupStore.getState().reset();
    useBaseStore.getState().update({ currentStep: 0, maxSteps: 0 });
    navigate('/signup');
  }

  return (
    <>
      <ScreenHeading icon={<MailIcon />} title={t('inbox.heading')} intro={rich(t('inbox.intro'), { email: <Email value={email} /> })} />
      <p className="muted">{t('inbox.hint')}</p>
      <InboxShortcuts />
      <form ref={f.ref} onSubmit={resend} className="form">
        <FormAlert code={f.formError} tone={resent ? 'success' : 'error'}>
          {resent ? t('inbox.resent') : undefined}
        </FormAlert>
        <Button variant="secondary" busy={f.busy} disabled={wait > 0}>
          {t('inbox.resend')}
        </Button>
        {wait > 0 && (
          <p className="muted center" aria-live="off">
            {t('common.sendAgainIn', { seconds: wait })}
          </p>
        )}
      </form>
      <p className="switch">
        <button type="button" className="link" onClick={startOver}>
          {t('inbox.differentEmail')}
        </button>
      </p>
    </>
  );
}
