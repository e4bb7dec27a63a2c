import type { AccountView } from '@gatehouse/contract/browser';
import { useCallback } from 'react';
import { useLocalNavigate } from '../../lib/navigation.tsx';
import { useBaseStore, useSignupStore } from '../../lib/stores.ts';
import type { SessionData } from '../../lib/use-session.ts';
import { signupLength, signupStep } from './steps.ts';

/**
 * Where a signed-in person's sign-up stands, from what `GET /session` already answers (decision
 * 041): signed in means the address is confirmed and a password (or a provider) set; without a
 * name the profile step is next, without a license of their own or a team's the license step
 * (unless a team's is withheld until a two-factor sign-in: the account page says so); otherwise
 * the sign-up is done.
 */
export function signupStepOf(session: SessionData): number | undefined {
  const { account, license, teamLicense, teamTwoFactor } = session;
  if (!account.firstName && !account.familyName) return signupStep.profile;
  if (!license && !teamLicense && !teamTwoFactor?.withheld) return signupStep.activation;
  return undefined;
}

/** The sign-up's store, from the signed-in account: this tab may not be the one that signed up. */
export function fillSignupFrom(account: AccountView): void {
  useSignupStore.getState().update({
    email: account.email,
    name: account.firstName ?? '',
    lastName: account.familyName ?? '',
    consent: account.consent,
    analyticsConsent: account.analyticsConsent,
    token: '',
  });
}

/** Goes on with a signed-in person's sign-up at its step in this tab (its own storage may be empty), or to the account page. */
export function useResumeSignup() {
  const navigate = useLocalNavigate();
  return useCallback(
    (session: SessionData) => {
      const step = signupStepOf(session);
      if (step === undefined) return navigate('/', { replace: true });
      fillSignupFrom(session.account);
      useBaseStore.getState().update({ currentStep: step, maxSteps: session.teamLicense ? signupLength.teamMember : signupLength.full });
      return navigate('/signup-process', { replace: true });
    },
    [navigate],
  );
}
