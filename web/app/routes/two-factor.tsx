import { type ErrorCode, isOtp } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { Field } from '../components/fields.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { ShieldIcon } from '../components/later-icons.tsx';
import { OtpField } from '../components/otp-field.tsx';
import { Button, ScreenHeading } from '../components/ui.tsx';
import { continueToApp, isAppSignIn } from '../features/app-sign-in/app-sign-in.ts';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { track } from '../lib/analytics.ts';
import { useBrand } from '../lib/brand.ts';
import { localizedPath, useI18n } from '../lib/i18n.tsx';
import { mode } from '../lib/mode.ts';
import { LocalLink, safeRedirect } from '../lib/navigation.tsx';
import { rich } from '../lib/rich.tsx';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { useForm } from '../lib/use-form.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

/** The challenge is gone (expired, used up, another browser): only signing in again helps. */
const endsTheSignIn = new Set<ErrorCode>(['two_factor.challenge_expired', 'two_factor.attempts_exceeded', 'auth.signin_paused']);

/**
 * The second step of a sign-in for an account with two-factor authentication: the code from the
 * authenticator app, or one of the recovery codes; then on to where the sign-in was going.
 */
export default function TwoFactorSignin() {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('redirectTo');
  const redirectTo = safeRedirect(requested, localizedPath('/', language));
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const f = useForm();
  // Locked out is when support is needed most: the brand's own, else the install's (decision 058).
  const support = useBrand().supportUrl ?? runtimeConfig().support;
  const ended = f.formError !== undefined && endsTheSignIn.has(f.formError);
  const signInAgain = requested ? `/login?${new URLSearchParams({ redirectTo: requested })}` : '/login';

  const submit = f.onSubmit(async () => {
    const valid = useRecovery
      ? f.check({ recoveryCode: recoveryCode.trim() ? undefined : 'two_factor.recovery_code_required' })
      : f.check({ code: isOtp(code) ? undefined : 'two_factor.code_required' });
    if (!valid) return;
    const result = await mode().account.secondFactor(useRecovery ? { recoveryCode } : { code });
    if (result.error) {
      setCode('');
      return f.fail(result);
    }
    track('Signed In');
    // A team invitation the sign-in came from that could not be used is said on the account page, as after single sign-on.
    const refused = result.data?.invitationRefused;
    if (refused) navigate(`${localizedPath('/', language)}?error=${refused}`);
    else if (isAppSignIn(redirectTo)) continueToApp(redirectTo);
    else navigate(redirectTo);
  });

  const switchMethod = () => {
    f.clear();
    setUseRecovery(!useRecovery);
  };

  return (
    <>
      <PageTitle title={t('titles.twoFactor')} />
      <ScreenHeading
        icon={<ShieldIcon />}
        title={t('twoFactor.heading')}
        intro={useRecovery ? t('twoFactor.recoveryIntro') : t('twoFactor.intro')}
      />
      <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form">
        <FormAlert code={f.formError}>
          {ended && f.formError ? (
            <>
              {t('twoFactor.ended')} <LocalLink to={signInAgain}>{t('twoFactor.signInAgain')}</LocalLink>
            </>
          ) : undefined}
        </FormAlert>
        {useRecovery ? (
          <Field
            name="recoveryCode"
            label={t('twoFactor.recoveryLabel')}
            hint={t('twoFactor.recoveryHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="field__input field__input--code"
            value={recoveryCode}
            onChange={(e) => setRecoveryCode(e.target.value)}
            error={f.fields.recoveryCode}
          />
        ) : (
          <OtpField value={code} onValue={setCode} error={f.fields.code} label={t('twoFactor.codeLabel')} hint={t('twoFactor.codeHint')} />
        )}
        <Button busy={f.busy} disabled={ended}>
          {t('twoFactor.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={switchMethod}>
          {useRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </Button>
      </form>
      <p className="switch">
        {support
          ? rich(t('twoFactor.lost'), { support: <a href={support}>{t('twoFactor.contactSupport')}</a> })
          : t('twoFactor.lostNoSupport')}
      </p>
      <p className="switch">
        <LocalLink className="switch__back" to={signInAgain}>
          {t('twoFactor.back')}
        </LocalLink>
      </p>
    </>
  );
}
