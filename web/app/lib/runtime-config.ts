import type { RuntimeConfig } from '@gatehouse/contract';

const defaults: RuntimeConfig = { apiUrl: '', mode: 'standalone', analytics: null, routeRules: [] };

/** The deployment's settings from /runtime-config.js (loaded before the app); defaults before it runs. */
export function runtimeConfig(): RuntimeConfig {
  if (typeof window === 'undefined') return defaults;
  return { ...defaults, ...(window as { __GATEHOUSE__?: Partial<RuntimeConfig> }).__GATEHOUSE__ };
}
