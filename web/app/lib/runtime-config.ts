import type { RuntimeConfig } from '@gatehouse/contract/browser';

const defaults: RuntimeConfig = { apiUrl: '', mode: 'standalone', analytics: null, routeRules: [] };

/**
 * The deployment's settings script, loaded before the app: served by our server at
 * /runtime-config.js standalone, and a file in the copied folder of the panel build.
 */
export const runtimeConfigUrl = `${import.meta.env.BASE_URL}runtime-config.js`;

/**
 * Whether pages load the settings by URL: the panel build (its runtime-config.js is a file in
 * the panel, edited in place) and the development server do. The standalone build's pages get
 * them inlined by our server instead, so the first paint waits for no request.
 */
export const linksRuntimeConfig = import.meta.env.DEV || import.meta.env.BASE_URL !== '/';

/** The deployment's settings (window.__GATEHOUSE__); defaults before the script runs. */
export function runtimeConfig(): RuntimeConfig {
  if (typeof window === 'undefined') return defaults;
  return { ...defaults, ...(window as { __GATEHOUSE__?: Partial<RuntimeConfig> }).__GATEHOUSE__ };
}
