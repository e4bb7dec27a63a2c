import { type ErrorCode, api as paths, type VerifyEmailAnswer } from '@gatehouse/contract/browser';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { MailIcon } from '../components/icons.tsx';
import { Button, ScreenHeading } from '../components/ui.tsx';
import { announceSignup } from '../features/signup/follow-signup.ts';
import { signupLength, signupStep } from '../features/signup/steps.ts';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LocalLink, useLocalNavigate } from '../lib/navigation.tsx';
import { useBaseStore, useHydrated, useSignupStore } from '../lib/stores.ts';
import { useForm } from '../lib/use-form.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

/**
 * The mailed link lands here: verify, keep the set-password token, continue at step 2. A link
 * that no longer works says why, with the step that fits: sign in when the account is set up,
 * a new link when it expired, a new sign-up otherwise.
 */
export default function ActivateEmail() {
  const { t, language } = useI18n();
  const navigate = useLocalNavigate();
  const [params] = useSearchParams();
  const hydrated = useHydrated((s) => s.done);
  const [failure, setFailure] = useState<ErrorCode>();
  const started = useRef(false);
  const f = useForm();
  const email = params.get('email') ?? '';

  useEffect(() => {
    if (!hydrated || started.current) return;
    started.current = true;
    const token = params.get('token') ?? '';
    void api<VerifyEmailAnswer>('POST', paths.verifyEmail, { token, email }).then((result) => {
      if (!result.data)
        return setFailure(
          result.code === 'email.link_used' || result.code === 'email.link_expired' ? result.code : 'email.verification_failed',
        );
      const { email: verified, token: setPasswordToken, consent, analyticsConsent, redirectTo } = result.data;
      // The choices ticked at sign-up come from the server: this tab may not be the one that signed up.
      useSignupStore
        .getState()
        .update({ email: verified, token: setPasswordToken, consent, analyticsConsent, continueTo: redirectTo ?? '' });
      useBaseStore.getState().update({ currentStep: signupStep.password, maxSteps: signupLength.full });
      announceSignup({ kind: 'verified', email: verified, token: setPasswordToken, consent, analyticsConsent });
      navigate('/signup-process', { replace: true });
    });
  }, [hydrated, params, email, navigate]);

  // A new link, then the inbox step with its shortcuts and its own resend.
  const sendNew = f.onSubmit(async () => {
    const result = await api('POST', paths.resendVerification, { email, locale: language });
    if (result.error) return f.fail(result);
    useSignupStore.getState().update({ email, token: '' });
    useBaseStore.getState().update({ currentStep: signupStep.address, maxSteps: signupLength.full });
    navigate('/signup-process', { replace: true });
  });

  return (
    <>
      <PageTitle title={t('titles.verifyEmail')} />
      <ScreenHeading icon={<MailIcon />} title={t('titles.verifyEmail')} />
      {failure === 'email.link_used' ? (
        <>
          <FormAlert code={failure} />
          <LocalLink className="button button--primary" to="/login">
            {t('login.submit')}
          </LocalLink>
        </>
      ) : failure === 'email.link_expired' ? (
        <form method="post" ref={f.ref} onSubmit={sendNew} className="form">
          <FormAlert code={f.formError ?? failure} />
          <Button busy={f.busy}>{t('verify.sendNew')}</Button>
        </form>
      ) : failure ? (
        <>
          <FormAlert code={failure} />
          <p className="muted">{t('verify.failedHint')}</p>
          <LocalLink className="button button--primary" to="/signup">
            {t('verify.startAgain')}
          </LocalLink>
        </>
      ) : (
        <div className="loading loading--inline" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <p>{t('verify.checking')}</p>
        </div>
      )}
    </>
  );
}
