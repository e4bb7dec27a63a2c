import { isAppSignInPath, api as paths } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { api, apiBase } from '../../lib/api.ts';

const interactionPath = /^\/oidc\/interaction\/([\w-]+)$/;

/**
 * Whether a redirect target is a pending sign-in to one of the operator's apps: the server
 * answers it (and sends the browser on to the app), so the page is left, not routed to.
 */
export function isAppSignIn(target: string): boolean {
  return isAppSignInPath(target);
}

/** Leaves the page for the pending sign-in, on the API's origin where the provider runs. */
export function continueToApp(target: string): void {
  window.location.assign(`${apiBase()}${target}`);
}

/** The name of the app a pending sign-in continues to, for the login screen's banner. */
export function useAppSignIn(target: string | null): string | undefined {
  const uid = target ? interactionPath.exec(target)?.[1] : undefined;
  const [name, setName] = useState<string>();
  useEffect(() => {
    if (!uid) return setName(undefined);
    let current = true;
    void api<{ name: string }>('GET', paths.appSignIn.replace(':uid', uid)).then((result) => {
      if (current) setName(result.data?.name);
    });
    return () => {
      current = false;
    };
  }, [uid]);
  return name;
}
