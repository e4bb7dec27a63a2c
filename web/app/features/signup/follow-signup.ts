import { api as paths, type SignupState } from '@gatehouse/contract/browser';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

/**
 * How the tab still showing "Check your inbox" learns that the sign-up moved on elsewhere
 * (decision 041): the tabs of one browser tell each other at once (the link opened, the password
 * set); another device is known from the server.
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

/** A fresh secret for each sign-up (32 random bytes, base64url): the server keeps only its hash. */
export function newWatch(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

const firstDelayMs = 3_000;
const longestDelayMs = 30_000;

/**
 * What became of this tab's sign-up on another device, asked of the server with the secret the
 * tab sent with the sign-up (decision 041): at once, then less and less often (3 s, growing by half up to half a minute),
 * never while the tab is hidden, and no more once the account is set up.
 */
export function useSignupState(watch: string): SignupState {
  const [state, setState] = useState<SignupState>('waiting');
  useEffect(() => {
    if (!watch) return;
    let delay = firstDelayMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    let done = false;
    const ask = async () => {
      timer = undefined;
      if (done || asking || document.visibilityState !== 'visible') return;
      asking = true;
      const result = await api<{ state: SignupState }>('POST', paths.signupStatus, { watch });
      asking = false;
      if (done) return;
      const next = result.data?.state;
      if (next) setState(next);
      if (next === 'ready') return;
      timer = setTimeout(ask, delay);
      delay = Math.min(delay * 1.5, longestDelayMs);
    };
    const shown = () => {
      if (document.visibilityState !== 'visible') {
        clearTimeout(timer);
        timer = undefined;
        return;
      }
      delay = firstDelayMs;
      if (!timer) void ask();
    };
    void ask();
    document.addEventListener('visibilitychange', shown);
    return () => {
      done = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [watch]);
  return state;
}
