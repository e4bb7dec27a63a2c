import type { RuntimeConfig } from '@gatehouse/contract';

/**
 * The runtime-config.js of a panel installation: the API's origin and control-panel mode.
 * `panelOrigins` lists the parent frames allowed to hand in the panel credentials by
 * postMessage (the page's own origin when empty).
 */
export function panelConfigScript(settings: { apiUrl: string; panelOrigins?: string[] }): string {
  const config: RuntimeConfig = {
    apiUrl: settings.apiUrl,
    mode: 'control-panel',
    panelOrigins: settings.panelOrigins ?? [],
    analytics: null,
    routeRules: [],
  };
  return [
    '// Settings of the monitoring portal in this panel; edit them here, no rebuild needed.',
    '// apiUrl: the origin of the Gatehouse API (it must list this panel origin: npm run admin -- panel create).',
    `window.__GATEHOUSE__ = ${JSON.stringify(config, null, 2).replace(/</g, '\\u003c')};`,
    '',
  ].join('\n');
}
