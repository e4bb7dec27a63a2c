import {
  type AccountView,
  type LicenseView,
  api as paths,
  type TeamLicenseView,
  type TeamTwoFactorNotice,
} from '@gatehouse/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { api } from './api.ts';

export interface SessionData {
  account: AccountView;
  license: LicenseView | null;
  /** Teams: the license the person works under through a team, when not their own. */
  teamLicense: TeamLicenseView | null;
  /** A team's two-factor requirement this session does not meet: the banner's deadline, or what is withheld. */
  teamTwoFactor: TeamTwoFactorNotice | null;
}

/** Who is signed in: undefined while asking, null when nobody. */
export function useSession() {
  const [session, setSession] = useState<SessionData | null | undefined>(undefined);
  const refresh = useCallback(async () => {
    const result = await api<SessionData | null>('GET', paths.session);
    // A refresh that failed (the network, a 5xx) says nothing about the session: what is known
    // stays. Only a first ask that fails falls back to signed out ({data: null} is the answer
    // that says nobody is signed in).
    setSession((known) => (result.error && known !== undefined ? known : (result.data ?? null)));
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { session, refresh };
}
