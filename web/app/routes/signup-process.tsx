import { useEffect } from 'react';
import { PageTitle } from '../components/brand-mark.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { StepIndicator } from '../components/ui.tsx';
import { ActivationStep } from '../features/signup/activation-step.tsx';
import { CodeStep } from '../features/signup/code-step.tsx';
import { enterSignup, isLeavingSignup } from '../features/signup/finish.ts';
import { InboxStep } from '../features/signup/inbox-step.tsx';
import { PasswordStep } from '../features/signup/password-step.tsx';
import { ProfileStep } from '../features/signup/profile-step.tsx';
import { useSsoContinue } from '../features/sso/use-sso-continue.ts';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { useLocalNavigate } from '../lib/navigation.tsx';
import { isControlPanel } from '../lib/runtime-config.ts';
import { useBaseStore, useHydrated, useOtpStore, useSignupStore } from '../lib/stores.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

const steps = { 1: InboxStep, 2: PasswordStep, 3: ProfileStep, 4: ActivationStep } as const;
// In a hosting panel the address is confirmed with a mailed code instead of a link.
const panelSteps = { ...steps, 1: CodeStep } as const;

/** The multi-step sign-up; the step counter in the store drives which step shows. */
export default function SignupProcess() {
  const { t } = useI18n();
  const navigate = useLocalNavigate();
  const hydrated = useHydrated((s) => s.done);
  const email = useSignupStore((s) => s.email);
  const currentStep = useBaseStore((s) => s.currentStep);
  const maxSteps = useBaseStore((s) => s.maxSteps);
  const code = useOtpStore((s) => s.otpCode);
  // Single sign-on: a new account arrives signed in and goes on at step 3.
  const { pending: continuing, notice } = useSsoContinue();
  const lost = hydrated && !continuing && (!email || !currentStep);
  // The code lives in memory only: after a reload the password step needs it typed again.
  const step = isControlPanel() && currentStep === 2 && !code ? 1 : currentStep;

  // The seed's guard: no stored e-mail, or no step, means the sign-up has not started.
  useEffect(() => enterSignup(), []);
  useEffect(() => {
    if (lost && !isLeavingSignup()) navigate('/signup', { replace: true });
  }, [lost, navigate]);

  const flow = isControlPanel() ? panelSteps : steps;
  const Step = step in flow ? flow[step as keyof typeof flow] : undefined;
  return (
    <>
      <PageTitle title={t('titles.signup')} />
      {hydrated && !continuing && Step && !lost ? (
        <>
          <StepIndicator step={step} total={maxSteps || 4} />
          {notice && <FormAlert code={notice} />}
          <Step />
        </>
      ) : (
        <div className="loading" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      )}
    </>
  );
}
