import { useBrand } from '../../lib/brand.ts';
import { useLocalNavigate } from '../../lib/navigation.tsx';
import { useBaseStore, useSignupStore } from '../../lib/stores.ts';

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
  useBaseStore.getState().update({ currentStep: 0, maxSteps: 0 });
}

/** Ends the sign-up: goes to the brand's dashboard (or the start page), then clears the sign-up stores. */
export function useFinish() {
  const brand = useBrand();
  const navigate = useLocalNavigate();
  return async () => {
    leaving = true;
    if (brand.dashboardUrl) {
      clearSignup();
      window.location.assign(brand.dashboardUrl);
      return;
    }
    clearSignup();
    await navigate('/');
  };
}
