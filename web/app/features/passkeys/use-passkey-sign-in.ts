import { type AccountView, api as paths } from '@gatehouse/contract/browser';
import { useEffect, useRef, useState } from 'react';
import { type ApiResult, api } from '../../lib/api.ts';
import { autofillSupported, type Ceremony, cancelPendingCeremony, ceremony, passkeysSupported } from './passkey-client.ts';

const signIn = (kind: 'sign-in' | 'autofill') =>
  ceremony<AccountView>(kind, { path: paths.passkeySigninOptions }, (response) =>
    api<AccountView>('POST', paths.passkeySignin, { response: response as Record<string, unknown> }),
  );

/**
 * Passkey sign-in on the login screen: where passkeys are `offered`, the e-mail field's autofill
 * (conditional mediation, where the browser has it) waits from the moment nobody is signed in
 * (`signedOut`), and `start` (the button) ends that pending request before it asks for a passkey
 * itself. `done` gets every outcome but an ended one.
 */
export function usePasskeySignIn(wanted: boolean, signedOut: boolean, done: (result: ApiResult<AccountView>) => Promise<void>) {
  const [offered, setOffered] = useState(wanted);
  const [busy, setBusy] = useState(false);
  const finish = useRef(done);
  finish.current = done;

  useEffect(() => {
    if (wanted && !passkeysSupported()) setOffered(false);
  }, [wanted]);

  useEffect(() => {
    if (!wanted || !signedOut || !passkeysSupported()) return;
    let live = true;
    // The autofill speaks only once a passkey was chosen from it: the person asked for nothing before.
    const report = async (result: Ceremony<AccountView>) => {
      if (live && result.chosen) await finish.current(result);
    };
    void autofillSupported().then((autofill) => (autofill && live ? signIn('autofill').then(report) : undefined));
    return () => {
      live = false;
      cancelPendingCeremony();
    };
  }, [wanted, signedOut]);

  const start = async () => {
    cancelPendingCeremony();
    setBusy(true);
    try {
      const result = await signIn('sign-in');
      if (!result.aborted) await finish.current(result);
    } finally {
      setBusy(false);
    }
  };
  return { offered: wanted && offered, busy, start };
}
