import { type ErrorCode, type InvitationPreview, api as paths } from '@gatehouse/contract/browser';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';

export type InvitationState =
  | { token: ''; preview?: undefined; error?: undefined }
  | { token: string; preview?: InvitationPreview; error?: ErrorCode };

/**
 * The team invitation a screen was opened with (`?invitation=TOKEN`), as the server describes
 * it: the team, the invited address, whether it has an account; or why it cannot be used.
 */
export function useInvitation(): InvitationState {
  const [params] = useSearchParams();
  const token = params.get('invitation') ?? '';
  const [state, setState] = useState<InvitationState>({ token: '' });
  useEffect(() => {
    if (!token) return setState({ token: '' });
    let current = true;
    void api<InvitationPreview>('GET', paths.invitation.replace(':token', encodeURIComponent(token))).then((result) => {
      if (!current) return;
      setState(result.data ? { token, preview: result.data } : { token, error: result.code ?? 'invitation.invalid' });
    });
    return () => {
      current = false;
    };
  }, [token]);
  return state;
}

/** The same screen's query string for another screen: the invitation and the app sign-in go along. */
export function withInvitation(path: string, token: string, redirectTo = ''): string {
  const query = new URLSearchParams({ ...(token ? { invitation: token } : {}), ...(redirectTo ? { redirectTo } : {}) });
  return query.size ? `${path}?${query}` : path;
}
