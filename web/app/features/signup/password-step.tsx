import { type AccountView, api as paths } from '@gatehouse/contract/browser';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasskeyIcon } from '../../components/icons.tsx';
import { NewPasswordFields, useNewPassword } from '../../components/new-password.tsx';
import { Button, Divider, ScreenHeading } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { asksSecondFactor, mode } from '../../lib/mode.ts';
import { Email, rich } from '../../lib/rich.tsx';
import { useBaseStore, useOtpStore, useSignupStore } from '../../lib/stores.ts';
import { useForm } from '../../lib/use-form.ts';
import { passkeysSupported } from '../passkeys/support.ts';
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

  const signedIn = (account: AccountView, password: string) => {
    useSignupStore.getState().update({
      password,
      token: '',
      consent: account.consent,
      analyticsConsent: account.analyticsConsent,
    });
    useBaseStore.getState().update({ currentStep: signupStep.profile });
    announceSignup({ kind: 'signed-in', email });
    useOtpStore.getState().setOtpCode('');
  };

  const submit = f.onSubmit(async () => {
    if (!f.check(newPassword.errors())) return;
    const { password } = newPassword;
    const result = await mode().account.setFirstPassword({ email, password, token, code, consent, analyticsConsent });
    if (!result.data) return f.fail(result);
    if (asksSecondFactor(result.data)) return navigate(twoFactorPath(language));
    signedIn(result.data, password);
  });

  // Instead of a password, a passkey made now (decision 048): the account has no password, which
  // "Forgot password?" can set later. Not in a hosting panel, where the server refuses passkeys.
  const passkey = f.onSubmit(async () => {
    // The ceremony's code loads with the press, as on the login screen (decision 053).
    const { ceremony } = await import('../passkeys/passkey-client.ts');
    const result = await ceremony<AccountView>('create', { path: paths.passkeySignupOptions, body: { email, token } }, (response) =>
      api<AccountView>('POST', paths.passkeySignup, {
        email,
        token,
        response: response as Record<string, unknown>,
        consent,
        analyticsConsent,
      }),
    );
    if (result.aborted) return;
    if (!result.data) return f.fail(result);
    signedIn(result.data, '');
  });
  const [passkeyOffered, setPasskeyOffered] = useState(mode().passkeys);
  useEffect(() => setPasskeyOffered((offered) => offered && passkeysSupported()), []);

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
        {passkeyOffered && (
          <>
            <Divider>{t('setPassword.or')}</Divider>
            <p className="muted">{t('setPassword.passkeyHint')}</p>
            <Button type="button" variant="secondary" disabled={f.busy} onClick={passkey}>
              <PasskeyIcon />
              {t('setPassword.usePasskey')}
            </Button>
          </>
        )}
      </form>
    </>
  );
}
