import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../i18n/index.tsx';
import { ApiError, type ConsoleSession, call, setSessionToken, signInPath } from '../lib/api.ts';

interface SessionValue {
  session: ConsoleSession;
  /** After a fresh proof: the server's new view of the session. */
  update: (session: ConsoleSession) => void;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside the session gate');
  return value;
}

/**
 * Nothing of the console shows before the server says who is signed in. Signed out, the browser
 * goes through Gatehouse's sign-in and comes back here; a sign-in the server turned away
 * (`?error=`) says why and offers to try again instead of going round in a loop.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t, errorText } = useI18n();
  const location = useLocation();
  const [state, setState] = useState<{ session?: ConsoleSession; signedOut?: boolean }>({});
  const here = `/console${location.pathname === '/' ? '/' : location.pathname}${location.search}`;
  const refused = new URLSearchParams(location.search).get('error');
  const [justSignedOut, setJustSignedOut] = useState(false);

  const signedOut = useCallback(() => setState({ signedOut: true }), []);
  useEffect(() => {
    call<{ data: ConsoleSession }>('/console/session').then(
      ({ data }) => setState({ session: data }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) setState({ signedOut: true });
        else setState({ signedOut: true });
      },
    );
  }, []);
  const { session } = state;
  if (session) setSessionToken(session.csrf, signedOut);

  const goSignIn = !session && state.signedOut && !refused && !justSignedOut;
  useEffect(() => {
    if (goSignIn) window.location.assign(signInPath(here));
  }, [goSignIn, here]);

  if (session) {
    const value: SessionValue = {
      session,
      update: (next) => setState({ session: next }),
      signOut: async () => {
        await call('/console/sign-out', { method: 'POST' }).catch(() => undefined);
        setJustSignedOut(true);
        setState({ signedOut: true });
      },
    };
    return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
  }
  if (!state.signedOut || goSignIn) {
    return (
      <main className="gate" aria-busy="true">
        <p className="gate-wait">{state.signedOut ? t('session.redirecting') : t('session.loading')}</p>
      </main>
    );
  }
  return (
    <main className="gate">
      <div className="gate-card">
        <div className="brand-mark large" aria-hidden="true">
          G
        </div>
        <h1>{t('session.signedOut.title')}</h1>
        {refused ? (
          <p className="alert error" role="alert">
            {errorText(refused)}
          </p>
        ) : (
          <p className="muted">{justSignedOut ? t('session.signedOutNow') : t('session.signedOut.text')}</p>
        )}
        <a className="button primary wide" href={signInPath('/console/')}>
          {t('session.signIn')}
        </a>
      </div>
    </main>
  );
}
