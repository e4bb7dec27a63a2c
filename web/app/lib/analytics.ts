import { runtimeConfig } from './runtime-config.ts';

export const analyticsConsentCookie = 'analytics_consent';

type Client = typeof import('./analytics-client.ts');
let client: Promise<Client> | undefined;

function consented(): boolean {
  return document.cookie.split('; ').includes(`${analyticsConsentCookie}=1`);
}

/**
 * Loads the analytics SDK only with a configured key and the person's consent; until then not
 * one request leaves the page, and no page loads more than this gate (the SDK's setup is in
 * analytics-client.ts, decision 053). No autocapture: only the events below, without e-mail,
 * password, token or query string.
 */
function start(): Promise<Client> | undefined {
  const config = runtimeConfig().analytics;
  if (!config || typeof document === 'undefined' || !consented()) return undefined;
  client ??= import('./analytics-client.ts').then((loaded) => {
    loaded.startAmplitude(config);
    return loaded;
  });
  return client;
}

/** Records the person's answer: the cookie is '1' or '0', and only when analytics is configured. */
export function rememberAnalyticsConsent(granted: boolean): void {
  if (!runtimeConfig().analytics) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the seed's consent cookie, read before the SDK loads
  document.cookie = `${analyticsConsentCookie}=${granted ? '1' : '0'}; Max-Age=${365 * 86_400}; Path=/; SameSite=Lax`;
  void client?.then(({ amplitude }) => amplitude.setOptOut(!granted));
}

export function track(event: string, properties: Record<string, string | number | boolean> = {}): void {
  void start()?.then(({ amplitude }) => amplitude.track(event, properties));
}

/** A screen was shown: its route pattern, never its path (a license key travels in /redeem/…) or query (tokens). */
export function trackPageView(pathname: string, language: string): void {
  void start()?.then(({ amplitude, screenPattern }) => amplitude.track('Page Viewed', { path: screenPattern(pathname), language }));
}
