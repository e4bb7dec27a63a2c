// The analytics SDK and its setup, loaded by lib/analytics.ts once a key is configured and the
// person consented: no page loads it before (decisions 008 and 053).
import * as amplitude from '@amplitude/analytics-browser';
import type { RuntimeConfig } from '@gatehouse/contract/browser';

export { screenPattern } from './screen-pattern.ts';
export { amplitude };

// The seed's analytics defaults. The browser SDK has no per-request batch cap (the seed's 100);
// events go in one request once 30 are queued or every 30 s, whichever comes first.
export const analyticsDefaults = {
  sessionTimeoutMs: 30 * 60_000,
  uploadThreshold: 30,
  uploadPeriodMs: 30_000,
  maxSavedEvents: 1000,
};

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

export function startAmplitude(config: NonNullable<RuntimeConfig['analytics']>): void {
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
}
