import { api as paths, type VerifyEmailAnswer } from '@gatehouse/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { MailIcon } from '../components/icons.tsx';
import { ScreenHeading } from '../components/ui.tsx';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LocalLink, useLocalNavigate } from '../lib/navigation.tsx';
import { useBaseStore, useHydrated, useSignupStore } from '../lib/stores.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

/** The mailed link lands here: verify, keep the set-password token, continue at step 2. */
export default function ActivateEmail() {
  const { t } = useI18n();
  const navigate = useLocalNavigate();
  const [params] = useSearchParams();
  const hydrated = useHydrated((s) => s.done);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!hydrated || started.current) return;
    started.current = true;
    const token = params.get('token') ?? '';
    const email = params.get('email') ?? '';
    void api<VerifyEmailAnswer>('POST', paths.verifyEmail, { token, email }).then((result) => {
      if (!result.data) return setFailed(true);
      const { email: verified, token: setPasswordToken, consent, analyticsConsent } = result.data;
      // The choices ticked at sign-up come from the server: this tab may not be the one that signed up.
      useSignupStore.getState().update({ email: verified, token: setPasswordToken, consent, analyticsConsent });
      useBaseStore.getState().update({ currentStep: 2, maxSteps: 4 });
      navigate('/signup-process', { replace: true });
    });
  }, [hydrated, params, navigate]);

  return (
    <>
      <PageTitle title={t('titles.verifyEmail')} />
      <ScreenHeading icon={<MailIcon />} title={t('titles.verifyEmail')} />
      {failed ? (
        <>
          <FormAlert code="email.verification_failed" />
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
