import { useEffect } from 'react';
import { PageTitle } from '../../components/brand-mark.tsx';
import { StepIndicator } from '../../components/ui.tsx';
import type { ScreenHandle } from '../../layouts/screen.tsx';
import { enterSignup, isLeavingSignup } from '../../lib/finish.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useLocalNavigate } from '../../lib/navigation.tsx';
import { useBaseStore, useHydrated, useSignupStore } from '../../lib/stores.ts';
import { ActivationStep } from './activation-step.tsx';
import { InboxStep } from './inbox-step.tsx';
import { PasswordStep } from './password-step.tsx';
import { ProfileStep } from './profile-step.tsx';

export const handle: ScreenHandle = { layout: 'login-signup' };

const steps = { 1: InboxStep, 2: PasswordStep, 3: ProfileStep, 4: ActivationStep } as const;

/** The multi-step sign-up; the step counter in the store drives which step shows. */
export default function SignupProcess() {
  const { t } = useI18n();
  const navigate = useLocalNavigate();
  const hydrated = useHydrated((s) => s.done);
  const email = useSignupStore((s) => s.email);
  const currentStep = useBaseStore((s) => s.currentStep);
  const maxSteps = useBaseStore((s) => s.maxSteps);
  const lost = hydrated && (!email || !currentStep);

  // The seed's guard: no stored e-mail, or no step, means the sign-up has not started.
  useEffect(() => enterSignup(), []);
  useEffect(() => {
    if (lost && !isLeavingSignup()) navigate('/signup', { replace: true });
  }, [lost, navigate]);

  const Step = currentStep in steps ? steps[currentStep as keyof typeof steps] : undefined;
  return (
    <>
      <PageTitle title={t('titles.signup')} />
      {hydrated && Step && !lost ? (
        <>
          <StepIndicator step={currentStep} total={maxSteps || 4} />
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
