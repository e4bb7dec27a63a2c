import { useBrand } from '../../lib/brand.ts';
import { useLocalNavigate } from '../../lib/navigation.tsx';
import { useBaseStore, useSignupStore } from '../../lib/stores.ts';
import { continueToApp, isAppSignIn } from '../app-sign-in/app-sign-in.ts';
import { withInvitation } from '../invitations/invitation.ts';
import { signupStep } from './steps.ts';

let leaving = false;

/** True while a finished sign-up is on its way out, so its guard does not send it back to /signup. */
export function isLeavingSignup(): boolean {
  return leaving;
}

export function enterSignup(): void {
  leaving = false;
}

function clearSignup(): void {
  useSignupStore.getState().reset();
  useBaseStore.getState().update({ currentStep: signupStep.notStarted, maxSteps: 0 });
}

/**
 * Ends the sign-up: to the Join screen of an invitation to another address, else on to the app it
 * was started from, else the brand's dashboard (or the start page); then clears the sign-up stores.
 */
export function useFinish() {
  const brand = useBrand();
  const navigate = useLocalNavigate();
  return async () => {
    leaving = true;
    const { invitation, continueTo } = useSignupStore.getState();
    // An invitation to another address first: only the person's own press on Join joins (decision 030).
    if (invitation) {
      clearSignup();
      await navigate(withInvitation('/login', invitation, isAppSignIn(continueTo) ? continueTo : ''));
      return;
    }
    if (isAppSignIn(continueTo)) {
      clearSignup();
      await continueToApp(continueTo);
      return;
    }
    if (brand.dashboardUrl) {
      clearSignup();
      window.location.assign(brand.dashboardUrl);
      return;
    }
    clearSignup();
    await navigate('/');
  };
}
