import { useEffect } from 'react';

/**
 * The tabs of one browser tell each other when a sign-up moves on (the link opened, the password
 * set), so the tab still showing "Check your inbox" follows at once (decision 041).
 */
const channelName = 'gatehouse-signup';

/** `verified` carries what the link's tab received, so this one can go on in its place if that tab is closed. */
export type SignupSignal =
  | { kind: 'verified'; email: string; token: string; consent: boolean; analyticsConsent: boolean }
  | { kind: 'signed-in'; email: string };

export function announceSignup(signal: SignupSignal): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage(signal);
  channel.close();
}

/** Calls `onSignal` for every sign-up signal of another tab, and `onVisible` each time this tab is shown again. */
export function useSignupSignals(onSignal: (signal: SignupSignal) => void, onVisible: () => void): void {
  useEffect(() => {
    const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(channelName);
    const receive = (event: MessageEvent<SignupSignal>) => onSignal(event.data);
    // A tab the browser froze or discarded misses messages: it looks again when it is shown.
    const shown = () => {
      if (document.visibilityState === 'visible') onVisible();
    };
    channel?.addEventListener('message', receive);
    document.addEventListener('visibilitychange', shown);
    return () => {
      channel?.close();
      document.removeEventListener('visibilitychange', shown);
    };
  }, [onSignal, onVisible]);
}
