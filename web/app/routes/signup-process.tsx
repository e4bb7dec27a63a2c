import { api as paths } from '@gatehouse/contract/browser';
import { useEffect } from 'react';
import { PageTitle } from '../components/brand-mark.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { Loading, StepIndicator } from '../components/ui.tsx';
import { ActivationStep } from '../features/signup/activation-step.tsx';
import { CodeStep } from '../features/signup/code-step.tsx';
import { enterSignup, isLeavingSignup } from '../features/signup/finish.ts';
import { useSignupState } from '../features/signup/follow-signup.ts';
import { InboxStep } from '../features/signup/inbox-step.tsx';
import { PasswordStep } from '../features/signup/password-step.tsx';
import { ProfileStep } from '../features/signup/profile-step.tsx';
import { useResumeSignup } from '../features/signup/resume.ts';
import { signupLength, signupStep } from '../features/signup/steps.ts';
import { useSsoContinue } from '../features/sso/use-sso-continue.ts';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { mode } from '../lib/mode.ts';
import { useLocalNavigate } from '../lib/navigation.tsx';
import { useBaseStore, useHydrated, useOtpStore, useSignupStore } from '../lib/stores.ts';
import type { SessionData } from '../lib/use-session.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

const linkSteps = {
  [signupStep.address]: InboxStep,
  [signupStep.password]: PasswordStep,
  [signupStep.profile]: ProfileStep,
  [signupStep.activation]: ActivationStep,
} as const;
// Where the mail carries a code instead of a link, the address is confirmed by typing it.
const codeSteps = { ...linkSteps, [signupStep.address]: CodeStep } as const;

/** The multi-step sign-up; the step counter in the store drives which step shows. */
export default function SignupProcess() {
  const { t } = useI18n();
  const navigate = useLocalNavigate();
  const hydrated = useHydrated((s) => s.done);
  const email = useSignupStore((s) => s.email);
  const currentStep = useBaseStore((s) => s.currentStep);
  const maxSteps = useBaseStore((s) => s.maxSteps);
  const code = useOtpStore((s) => s.otpCode);
  // A new account from single sign-on arrives signed in and goes on at its profile.
  const { pending: continuing, notice } = useSsoContinue();
  const lost = hydrated && !continuing && (!email || !currentStep);
  // The code lives in memory only: after a reload the password step needs it typed again.
  const byCode = mode().mailed === 'code';
  const step = byCode && currentStep === signupStep.password && !code ? signupStep.address : currentStep;

  // The seed's guard: no stored e-mail, or no step, means the sign-up has not started.
  useEffect(() => enterSignup(), []);
  // This tab's own storage may be empty (another tab, another device): a signed-in person's
  // sign-up goes on at its step from the server's state, anyone else starts at /signup.
  const resume = useResumeSignup();
  useEffect(() => {
    if (!lost || isLeavingSignup()) return;
    let current = true;
    void api<SessionData | null>('GET', paths.session).then((result) => {
      if (!current || isLeavingSignup()) return;
      if (result.data) resume(result.data);
      else navigate('/signup', { replace: true });
    });
    return () => {
      current = false;
    };
  }, [lost, navigate, resume]);

  // Whether the link was opened elsewhere: then this tab's sign-up is no longer at its first step.
  const watched = useSignupState(useSignupStore((s) => s.watch));
  const elsewhere = !byCode && step === signupStep.address ? watched : 'waiting';

  const flow = byCode ? codeSteps : linkSteps;
  const Step = step in flow ? flow[step as keyof typeof flow] : undefined;
  return (
    <>
      <PageTitle title={t('titles.signup')} />
      {hydrated && !continuing && Step && !lost ? (
        <>
          {elsewhere === 'waiting' && <StepIndicator step={step} total={maxSteps || signupLength.full} />}
          {notice && <FormAlert code={notice} />}
          {Step === InboxStep ? <InboxStep elsewhere={elsewhere} /> : <Step />}
        </>
      ) : (
        <Loading />
      )}
    </>
  );
}
