import { runtimeConfig } from './runtime-config.ts';
import { screenPattern } from './screen-pattern.ts';

// The seed's analytics defaults. The browser SDK has no per-request batch cap (the seed's 100);
// events go in one request once 30 are queued or every 30 s, whichever comes first.
export const analyticsDefaults = {
  sessionTimeoutMs: 30 * 60_000,
  uploadThreshold: 30,
  uploadPeriodMs: 30_000,
  maxSavedEvents: 1000,
};

export const analyticsConsentCookie = 'analytics_consent';

type Amplitude = typeof import('@amplitude/analytics-browser');
let client: Promise<Amplitude> | undefined;

function consented(): boolean {
  return document.cookie.split('; ').includes(`${analyticsConsentCookie}=1`);
}

/** Unsent events kept in localStorage, the newest 1000 at most. */
function cappedStorage(key: string) {
  return {
    isEnabled: async () => true,
    get: async (k: string) => JSON.parse(localStorage.getItem(`${key}:${k}`) ?? 'null') ?? undefined,
    getRaw: async (k: string) => localStorage.getItem(`${key}:${k}`) ?? undefined,
    set: async (k: string, events: unknown[]) =>
      localStorage.setItem(`${key}:${k}`, JSON.stringify(events.slice(-analyticsDefaults.maxSavedEvents))),
    remove: async (k: string) => localStorage.removeItem(`${key}:${k}`),
    reset: async () => undefined,
  };
}

/**
 * Loads the analytics SDK only with a configured key and the person's consent; until then not
 * one request leaves the page. No autocapture: only the events below, without e-mail, password,
 * token or query string.
 */
function start(): Promise<Amplitude> | undefined {
  const config = runtimeConfig().analytics;
  if (!config || typeof document === 'undefined' || !consented()) return undefined;
  client ??= import('@amplitude/analytics-browser').then((amplitude) => {
    amplitude.init(config.key, {
      serverZone: 'EU',
      serverUrl: config.serverUrl,
      autocapture: false,
      fetchRemoteConfig: false,
      sessionTimeout: analyticsDefaults.sessionTimeoutMs,
      flushQueueSize: analyticsDefaults.uploadThreshold,
      flushIntervalMillis: analyticsDefaults.uploadPeriodMs,
      storageProvider: cappedStorage('gatehouse-analytics') as never,
      trackingOptions: { ipAddress: false },
    });
    return amplitude;
  });
  return client;
}

/** Records the person's answer: the cookie is '1' or '0', and only when analytics is configured. */
export function rememberAnalyticsConsent(granted: boolean): void {
  if (!runtimeConfig().analytics) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the seed's consent cookie, read before the SDK loads
  document.cookie = `${analyticsConsentCookie}=${granted ? '1' : '0'}; Max-Age=${365 * 86_400}; Path=/; SameSite=Lax`;
  if (!granted) void client?.then((amplitude) => amplitude.setOptOut(true));
  else void client?.then((amplitude) => amplitude.setOptOut(false));
}

export function track(event: string, properties: Record<string, string | number | boolean> = {}): void {
  void start()?.then((amplitude) => amplitude.track(event, properties));
}

/** A screen was shown: its route pattern, never its path (a license key travels in /redeem/…) or query (tokens). */
export function trackPageView(pathname: string, language: string): void {
  track('Page Viewed', { path: screenPattern(pathname), language });
}
