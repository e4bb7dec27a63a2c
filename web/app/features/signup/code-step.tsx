import { isOtp, api as paths, type VerifyOtpAnswer } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { MailIcon } from '../../components/icons.tsx';
import { OtpField } from '../../components/otp-field.tsx';
import { Button, InboxShortcuts, ScreenHeading } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { useBaseStore, useOtpStore, useSignupStore } from '../../lib/stores.ts';
import { useForm } from '../../lib/use-form.ts';
import { DifferentEmail, ResendForm } from './resend.tsx';
import { signupStep } from './steps.ts';

/** Control-panel step 1: the mailed 6-digit code confirms the address. */
export function CodeStep() {
  const { t } = useI18n();
  const email = useSignupStore((s) => s.email);
  const [code, setCode] = useState('');
  const f = useForm();

  const submit = f.onSubmit(async () => {
    if (!f.check({ code: isOtp(code) ? undefined : 'validation.otp_required' })) return;
    const result = await api<VerifyOtpAnswer>('POST', paths.verifyOtpEmail, { code, email });
    if (!result.data) return f.fail({ ...result, fields: result.fields ?? { code: result.code ?? 'otp.invalid' } });
    const { consent, analyticsConsent } = result.data;
    useSignupStore.getState().update({ consent, analyticsConsent });
    // The same code sets the password in the next step (complete-otp-registration).
    useOtpStore.getState().setOtpCode(code);
    useBaseStore.getState().update({ currentStep: signupStep.password });
  });

  return (
    <>
      <ScreenHeading icon={<MailIcon />} title={t('otp.heading')} intro={rich(t('otp.intro'), { email: <Email value={email} /> })} />
      <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form">
        <FormAlert code={f.formError} />
        <OtpField value={code} onValue={setCode} error={f.fields.code} />
        <Button busy={f.busy}>{t('otp.submit')}</Button>
      </form>
      <InboxShortcuts />
      <ResendForm path={paths.resendOtpVerification} kind="code" />
      <DifferentEmail />
    </>
  );
}
