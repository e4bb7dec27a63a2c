import { type PanelCredentials, panelSigninMarker } from '@gatehouse/contract/browser';
import { create } from 'zustand';
import { runtimeConfig } from './runtime-config.ts';

/** The host page's global, set by the panel plugin before the app's script. */
declare global {
  interface Window {
    __GATEHOUSE_PANEL__?: Partial<PanelCredentials>;
  }
}

export const panelMessageType = 'gatehouse:panel-credentials';
export const panelReadyType = 'gatehouse:ready';

/** The panel user's credentials, in memory only: never in the URL or in storage. */
export const usePanel = create<{ credentials: PanelCredentials | null }>(() => ({ credentials: null }));

function valid(value: Partial<PanelCredentials> | undefined): PanelCredentials | null {
  const { apiKey, userId } = value ?? {};
  return typeof apiKey === 'string' && apiKey && (typeof userId === 'string' || typeof userId === 'number') && String(userId)
    ? { apiKey, userId: String(userId) }
    : null;
}

/**
 * Takes the credentials from the host page: a global set before the app's script, or a
 * postMessage from a parent frame whose origin the deployment allows (docs/product.md, panel credentials).
 */
export function receivePanelCredentials(): () => void {
  const fromGlobal = valid(window.__GATEHOUSE_PANEL__);
  if (fromGlobal) usePanel.setState({ credentials: fromGlobal });
  if (window.parent === window) return () => {};
  const listed = runtimeConfig().panelOrigins;
  const allowed = new Set(listed?.length ? listed : [window.location.origin]);
  const onMessage = (event: MessageEvent) => {
    // Anybody can post to a frame: only the panel's own pages may hand in credentials.
    if (event.source !== window.parent || !allowed.has(event.origin)) return;
    const data = event.data as { type?: unknown } & Partial<PanelCredentials>;
    if (data?.type !== panelMessageType) return;
    const credentials = valid(data);
    if (credentials) usePanel.setState({ credentials });
  };
  window.addEventListener('message', onMessage);
  for (const origin of allowed) window.parent.postMessage({ type: panelReadyType }, origin);
  return () => window.removeEventListener('message', onMessage);
}

/** The credentials to send; empty strings when the host page handed none (the server refuses them). */
export function panelCredentials(): PanelCredentials {
  return usePanel.getState().credentials ?? { apiKey: '', userId: '' };
}

/** The marker the panel plugin reads after a control-panel sign-in or password set. */
export function markPanelSignin(): void {
  try {
    localStorage.setItem(panelSigninMarker, new Date().toISOString());
  } catch {
    // Storage may be blocked inside a panel frame; the sign-in itself still counts.
  }
}
