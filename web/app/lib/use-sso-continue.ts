import { type AccountView, api as paths } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from './api.ts';
import { useBaseStore, useSignupStore } from './stores.ts';

/**
 * After a sign-up with Google or Microsoft the server sends the new, signed-in account to
 * /signup-process?sso=…: the address is confirmed and there is no password to set, so the
 * journey goes on at step 3 (profile), then the license, as after step 2. True while the
 * stores are being filled from the session, so the page's guard waits.
 */
export function useSsoContinue(): boolean {
  const [params, setParams] = useSearchParams();
  const arriving = params.has('sso');
  const [pending, setPending] = useState(arriving);

  useEffect(() => {
    if (!arriving) return;
    let cancelled = false;
    void (async () => {
      const result = await api<{ account: AccountView } | null>('GET', paths.session);
      if (cancelled) return;
      const account = result.data?.account;
      if (account) {
        useSignupStore.getState().update({
          email: account.email,
          name: account.firstName ?? '',
          lastName: account.familyName ?? '',
          consent: account.consent,
          analyticsConsent: account.analyticsConsent,
          token: '',
        });
        useBaseStore.getState().update({ currentStep: 3, maxSteps: 4 });
      }
      setParams({}, { replace: true });
      setPending(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [arriving, setParams]);

  return pending;
}
