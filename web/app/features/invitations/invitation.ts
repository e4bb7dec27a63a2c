import { type ErrorCode, type InvitationPreview, api as paths } from '@gatehouse/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';

export interface InvitationState {
  /** `?invitation=TOKEN` of the screen, or ''. */
  token: string;
  preview?: InvitationPreview;
  /** Why the invitation cannot be used (expired, withdrawn, unknown): it is dropped. */
  error?: ErrorCode;
  /** Why it cannot be shown just now (a rate limit, the network): it is kept, and `retry` asks again. */
  unavailable?: ErrorCode;
  /** The token that goes on with the person (to the code screen, the provider, the join): '' once refused for good. */
  kept: string;
  retry: () => void;
}

/**
 * Refusals that say nothing of the invitation itself: asked again in a moment, it may well show.
 * Such an invitation is kept; dropping it would lose the team for a busy minute.
 */
export function refusedForNow(code: ErrorCode | undefined): boolean {
  return code === 'rate.limited' || code === 'network.failed' || code === 'server.busy' || code === 'server.unavailable';
}

/**
 * The team invitation a screen was opened with (`?invitation=TOKEN`), as the server describes
 * it: the team, the invited address, whether it has an account; or why it cannot be used, or
 * cannot be shown yet.
 */
export function useInvitation(): InvitationState {
  const [params] = useSearchParams();
  const token = params.get('invitation') ?? '';
  const [state, setState] = useState<Pick<InvitationState, 'token' | 'preview' | 'error' | 'unavailable'>>({ token: '' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) asks the server again
  useEffect(() => {
    if (!token) return setState({ token: '' });
    let current = true;
    void api<InvitationPreview>('GET', paths.invitation.replace(':token', encodeURIComponent(token))).then((result) => {
      if (!current) return;
      const code = result.code ?? 'invitation.invalid';
      if (result.data) setState({ token, preview: result.data });
      else setState(refusedForNow(code) ? { token, unavailable: code } : { token, error: code });
    });
    return () => {
      current = false;
    };
  }, [token, attempt]);
  const retry = useCallback(() => {
    setState((shown) => ({ token: shown.token }));
    setAttempt((n) => n + 1);
  }, []);
  // Kept from the first render on, before the server has answered: a quick sign-in keeps it too.
  const refused = state.token === token && state.error !== undefined;
  return { ...state, kept: refused ? '' : token, retry };
}

/** The same screen's query string for another screen: the invitation and the app sign-in go along. */
export function withInvitation(path: string, token: string, redirectTo = ''): string {
  const query = new URLSearchParams({ ...(token ? { invitation: token } : {}), ...(redirectTo ? { redirectTo } : {}) });
  return query.size ? `${path}?${query}` : path;
}
