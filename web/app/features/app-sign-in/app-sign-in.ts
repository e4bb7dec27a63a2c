import { isAppSignInPath, api as paths } from '@gatehouse/contract/browser';
import { useEffect, useState } from 'react';
import { api, apiBase } from '../../lib/api.ts';
import { mode } from '../../lib/mode.ts';

const interactionPath = /^\/oidc\/interaction\/([\w-]+)$/;
// In localStorage, as a mailed invitation opens in another tab; an hour, as the interaction lives (033).
const pendingKey = 'gatehouse-appSignIn';
const pendingLifetime = 60 * 60 * 1000;

/**
 * Whether a redirect target is a pending sign-in to one of the operator's apps: the server
 * answers it (and sends the browser on to the app), so the page is left, not routed to.
 */
export function isAppSignIn(target: string): boolean {
  return isAppSignInPath(target);
}

/**
 * Leaves the page for the pending sign-in, on the API's origin where the provider runs. From a
 * hosting panel, through a one-time hand-over posted top-level (never in a URL), which signs in
 * there (decision 049); without one (the sign-in expired meanwhile), the provider's own answer.
 */
export async function continueToApp(target: string): Promise<void> {
  localStorage.removeItem(pendingKey);
  const uid = interactionPath.exec(target)?.[1];
  if (!mode().handsOverToApps || !uid) return window.location.assign(`${apiBase()}${target}`);
  const handOver = await api<{ token: string }>('POST', paths.appHandOver.replace(':uid', uid));
  if (!handOver.data) return leaveTopLevel(`${apiBase()}${target}`);
  leaveTopLevel(`${apiBase()}${paths.appHandOverContinue.replace(':uid', uid)}`, { token: handOver.data.token });
}

/** A form to the top window: a framed panel app leaves the frame too, and a value goes in the body. */
function leaveTopLevel(action: string, fields?: Record<string, string>): void {
  const form = Object.assign(document.createElement('form'), { method: fields ? 'post' : 'get', action, target: '_top' });
  for (const [name, value] of Object.entries(fields ?? {}))
    form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
  document.body.append(form);
  form.submit();
}

function rememberAppSignIn(target: string): void {
  localStorage.setItem(pendingKey, JSON.stringify({ target, until: Date.now() + pendingLifetime }));
}

function pendingAppSignIn(): string | null {
  try {
    const { target, until } = JSON.parse(localStorage.getItem(pendingKey) ?? '{}') as { target?: unknown; until?: unknown };
    return typeof target === 'string' && isAppSignInPath(target) && typeof until === 'number' && until > Date.now() ? target : null;
  } catch {
    return null;
  }
}

/**
 * Where a login or sign-up screen continues to: its `redirectTo`, or, opened from a team
 * invitation without one, the app sign-in this browser left pending on the login screen
 * (decision 039), once the provider says it is still live; and the app's name, for the banner.
 */
export function useAppSignIn(requested: string | null, invitation = ''): { target: string | null; name?: string } {
  const [remembered, setRemembered] = useState<string | null>(null);
  useEffect(() => setRemembered(requested === null && invitation ? pendingAppSignIn() : null), [requested, invitation]);
  const candidate = requested ?? remembered;
  const uid = candidate ? interactionPath.exec(candidate)?.[1] : undefined;
  const [name, setName] = useState<string>();
  useEffect(() => {
    setName(undefined);
    if (!uid) return;
    let current = true;
    void api<{ name: string }>('GET', paths.appSignIn.replace(':uid', uid)).then((result) => {
      if (!current) return;
      setName(result.data?.name);
      if (result.data) rememberAppSignIn(`/oidc/interaction/${uid}`);
      else localStorage.removeItem(pendingKey);
    });
    return () => {
      current = false;
    };
  }, [uid]);
  return { target: requested ?? (name ? remembered : null), name };
}
