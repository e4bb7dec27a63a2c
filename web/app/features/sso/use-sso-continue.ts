import { type AccountView, type ErrorCode, api as paths } from '@gatehouse/contract/browser';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useBaseStore } from '../../lib/stores.ts';
import { fillSignupFrom } from '../signup/resume.ts';
import { signupLength, signupStep } from '../signup/steps.ts';

/**
 * After a sign-up with Google or Microsoft the server sends the new, signed-in account to
 * /signup-process?sso=…: the address is confirmed and there is no password to set, so the
 * journey goes on at step 3 (profile), then the license, as after step 2 (no license when it
 * joined a team: `joined=1`). `pending` while the stores are being filled from the session, so
 * the page's guard waits; `notice`: why a team invitation could not be used (`error=…`).
 */
export function useSsoContinue(): { pending: boolean; notice?: ErrorCode } {
  const [params, setParams] = useSearchParams();
  const arriving = params.has('sso');
  const joined = params.get('joined') === '1';
  const [pending, setPending] = useState(arriving);
  // Why the invitation the sign-up started from could not be used (the account is made all the same).
  // Read once (the query is dropped); a code is known once the error messages are loaded.
  const { errorCode } = useI18n();
  const [arrived] = useState(() => params.get('error'));
  const notice = errorCode(arrived);

  useEffect(() => {
    if (!arriving) return;
    let cancelled = false;
    void (async () => {
      const result = await api<{ account: AccountView } | null>('GET', paths.session);
      if (cancelled) return;
      const account = result.data?.account;
      if (account) {
        fillSignupFrom(account);
        // Joined a team from its invitation: no license step, the team's license applies.
        useBaseStore.getState().update({ currentStep: signupStep.profile, maxSteps: joined ? signupLength.teamMember : signupLength.full });
      }
      setParams({}, { replace: true });
      setPending(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [arriving, joined, setParams]);

  return { pending, notice };
}
