import { api as paths } from '@gatehouse/contract';
import { useCallback, useState } from 'react';
import { CheckIcon, MailIcon } from '../../components/icons.tsx';
import { Button, InboxShortcuts, ScreenHeading } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { useBaseStore, useSignupStore } from '../../lib/stores.ts';
import type { SessionData } from '../../lib/use-session.ts';
import { DifferentEmail, ResendForm } from './resend.tsx';
import { useResumeSignup } from './resume.ts';
import { type SignupSignal, useSignupSignals } from './signup-channel.ts';
import { signupStep } from './steps.ts';

/**
 * Step 1: the link is on its way; resend it (once a minute) or start over with another address.
 * Once the link is opened in another tab this one says so, and follows as soon as that tab has
 * set the password (decision 041).
 */
export function InboxStep() {
  const { t } = useI18n();
  const email = useSignupStore((s) => s.email);
  const resume = useResumeSignup();
  const [verified, setVerified] = useState<Extract<SignupSignal, { kind: 'verified' }>>();
  const follow = useCallback(async () => {
    const result = await api<SessionData | null>('GET', paths.session);
    if (result.data && result.data.account.email === email) resume(result.data);
  }, [email, resume]);
  const onSignal = useCallback(
    (signal: SignupSignal) => {
      if (signal.email !== email) return;
      if (signal.kind === 'verified') setVerified(signal);
      else void follow();
    },
    [email, follow],
  );
  useSignupSignals(onSignal, follow);

  if (verified) {
    const continueHere = () => {
      const { token, consent, analyticsConsent } = verified;
      useSignupStore.getState().update({ token, consent, analyticsConsent });
      useBaseStore.getState().update({ currentStep: signupStep.password });
    };
    return (
      <>
        <ScreenHeading
          icon={<CheckIcon />}
          title={t('inbox.confirmedHeading')}
          intro={rich(t('inbox.confirmedIntro'), { email: <Email value={email} /> })}
        />
        <p className="muted" role="status">
          {t('inbox.confirmedHint')}
        </p>
        <Button type="button" variant="secondary" onClick={continueHere}>
          {t('inbox.continueHere')}
        </Button>
      </>
    );
  }
  return (
    <>
      <ScreenHeading icon={<MailIcon />} title={t('inbox.heading')} intro={rich(t('inbox.intro'), { email: <Email value={email} /> })} />
      <p className="muted">{t('inbox.hint')}</p>
      <InboxShortcuts />
      <ResendForm path={paths.resendVerification} kind="link" />
      <DifferentEmail />
    </>
  );
}
