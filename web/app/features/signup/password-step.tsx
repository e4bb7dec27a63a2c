import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../components/form-alert.tsx';
import { NewPasswordFields, useNewPassword } from '../../components/new-password.tsx';
import { Button, ScreenHeading } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { asksSecondFactor, mode } from '../../lib/mode.ts';
import { Email, rich } from '../../lib/rich.tsx';
import { useBaseStore, useOtpStore, useSignupStore } from '../../lib/stores.ts';
import { useForm } from '../../lib/use-form.ts';
import { twoFactorPath } from '../two-factor/two-factor-path.ts';
import { ConsentChoices } from './consent-choices.tsx';
import { announceSignup } from './follow-signup.ts';
import { signupStep } from './steps.ts';

/**
 * Step 2: choose the password (kept in memory only) with the token from the verified link,
 * or in a hosting panel with the mailed code, which also signs in and sets the panel's marker.
 */
export function PasswordStep() {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const stored = useSignupStore();
  const { email, token } = stored;
  // The boxes ticked at sign-up, from the server when the link opened in another tab: the owner
  // of the address sees them here and sends back what they leave ticked (decision 034).
  const [consent, setConsent] = useState(stored.consent);
  const [analyticsConsent, setAnalyticsConsent] = useState(stored.analyticsConsent);
  const code = useOtpStore((s) => s.otpCode);
  const newPassword = useNewPassword(email);
  const f = useForm();

  const submit = f.onSubmit(async () => {
    if (!f.check(newPassword.errors())) return;
    const { password } = newPassword;
    const result = await mode().account.setFirstPassword({ email, password, token, code, consent, analyticsConsent });
    if (!result.data) return f.fail(result);
    if (asksSecondFactor(result.data)) return navigate(twoFactorPath(language));
    useSignupStore.getState().update({
      password,
      token: '',
      consent: result.data.consent,
      analyticsConsent: result.data.analyticsConsent,
    });
    useBaseStore.getState().update({ currentStep: signupStep.profile });
    announceSignup({ kind: 'signed-in', email });
    useOtpStore.getState().setOtpCode('');
  });

  return (
    <>
      <ScreenHeading title={t('setPassword.heading')} intro={rich(t('setPassword.intro'), { email: <Email value={email} /> })} />
      <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form">
        <FormAlert code={f.formError} />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields state={newPassword} fields={f.fields} />
        <fieldset className="consents">
          <legend className="muted">{t('setPassword.choices')}</legend>
          <ConsentChoices
            consent={consent}
            analyticsConsent={analyticsConsent}
            onConsent={setConsent}
            onAnalyticsConsent={setAnalyticsConsent}
          />
        </fieldset>
        <Button busy={f.busy}>{t('setPassword.submit')}</Button>
      </form>
    </>
  );
}
