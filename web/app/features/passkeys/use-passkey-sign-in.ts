import { type AccountView, api as paths } from '@gatehouse/contract/browser';
import { useEffect, useRef, useState } from 'react';
import { type ApiResult, api } from '../../lib/api.ts';
import type { Ceremony } from './passkey-client.ts';
import { autofillSupported, passkeysSupported } from './support.ts';

// The ceremony's code loads when a passkey is first asked for (the autofill's request, or the
// button), not with the login screen (decision 053); the WebAuthn library with it (decision 048).
let client: typeof import('./passkey-client.ts') | undefined;
const loadClient = async () => {
  client ??= await import('./passkey-client.ts');
  return client;
};

const signIn = async (kind: 'sign-in' | 'autofill') =>
  (await loadClient()).ceremony<AccountView>(kind, { path: paths.passkeySigninOptions }, (response) =>
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
      client?.cancelPendingCeremony();
    };
  }, [wanted, signedOut]);

  const start = async () => {
    client?.cancelPendingCeremony();
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
