import { api as paths, type SignupState } from '@gatehouse/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { CheckIcon, MailIcon } from '../../components/icons.tsx';
import { Button, InboxShortcuts, ScreenHeading } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { LocalLink } from '../../lib/navigation.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { useBaseStore, useSignupStore } from '../../lib/stores.ts';
import type { SessionData } from '../../lib/use-session.ts';
import { type SignupSignal, useSignupSignals } from './follow-signup.ts';
import { DifferentEmail, ResendForm } from './resend.tsx';
import { useResumeSignup } from './resume.ts';
import { signupStep } from './steps.ts';

/**
 * Step 1: the link is on its way; resend it (once a minute) or start over with another address.
 * Once the link is opened elsewhere this tab says so, and where to go on: in another tab of this
 * browser it follows as soon as the password is set there (or goes on here if that tab was
 * closed); from another device it leads to sign-in (decision 041). The route asks the server
 * (`elsewhere`), since it also drops the step count then.
 */
export function InboxStep({ elsewhere = 'waiting' }: { elsewhere?: SignupState }) {
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
  useEffect(() => {
    if (elsewhere === 'ready') void follow();
  }, [elsewhere, follow]);
  const intro = (key: Parameters<typeof t>[0]) => rich(t(key), { email: <Email value={email} /> });

  if (verified) {
    const continueHere = () => {
      const { token, consent, analyticsConsent } = verified;
      useSignupStore.getState().update({ token, consent, analyticsConsent });
      useBaseStore.getState().update({ currentStep: signupStep.password });
    };
    return (
      <>
        <ScreenHeading icon={<CheckIcon />} title={t('inbox.confirmedHeading')} intro={intro('inbox.confirmedIntro')} />
        <p className="muted" role="status">
          {t('inbox.confirmedHint')}
        </p>
        <Button type="button" variant="secondary" onClick={continueHere}>
          {t('inbox.continueHere')}
        </Button>
      </>
    );
  }
  if (elsewhere !== 'waiting') {
    const ready = elsewhere === 'ready';
    return (
      <>
        <ScreenHeading
          icon={<CheckIcon />}
          title={t(ready ? 'inbox.readyHeading' : 'inbox.confirmedHeading')}
          intro={intro(ready ? 'inbox.readyIntro' : 'inbox.awayIntro')}
        />
        <LocalLink className="button button--primary" to="/login">
          {t('login.submit')}
        </LocalLink>
      </>
    );
  }
  return (
    <>
      <ScreenHeading icon={<MailIcon />} title={t('inbox.heading')} intro={intro('inbox.intro')} />
      <p className="muted">{t('inbox.hint')}</p>
      <InboxShortcuts />
      <ResendForm path={paths.resendVerification} kind="link" />
      <DifferentEmail />
    </>
  );
}
