import { type RuntimeConfig, runtimeConfigPath, ssoProviders } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** What of a host's brand its pages paint before any script: its name and colour. */
export type PaintedBrand = NonNullable<RuntimeConfig['brand']>;

export function runtimeConfigOf(config: Config, brand?: PaintedBrand): RuntimeConfig {
  return {
    apiUrl: config.apiUrl ?? '',
    mode: 'standalone',
    analytics: config.analytics ?? null,
    routeRules: config.routeRules,
    sso: ssoProviders.filter((provider) => config.sso[provider] !== undefined),
    passwordMinLength: config.password.minLength,
    ...(config.productPanel ? {} : { productPanel: false }),
    ...(config.supportContact ? { support: config.supportContact } : {}),
    ...(brand ? { brand } : {}),
  };
}

/** Origins the pages may call besides their own: the API and the analytics endpoint, when configured. */
export function connectSources(config: Config): string[] {
  return [config.apiUrl, config.analytics ? new URL(config.analytics.serverUrl).origin : undefined].filter(
    (origin): origin is string => origin !== undefined,
  );
}

// What a person does on the prerendered page before the app runs, held until it runs
// (web/app/lib/early-input.ts, which replays it):
// - a form sent (Enter, its button) would go out as the browser's own request: it is held, and
//   the app sends it again;
// - a press on a button that is no submit (show the password, a field's help) would do nothing,
//   and one on a single sign-on link would leave without the page's language, return address or
//   the sign-up's consent check: each press is kept, and the app presses it again.
// Links the router handles are plain links until then and open their page as any link does.
const holdEarlyInput =
  "addEventListener('submit',function(e){if(!window.__gatehouseStarted){e.preventDefault();window.__gatehouseEarlySubmit=e.target}},true);" +
  "addEventListener('click',function(e){var t=!window.__gatehouseStarted&&e.target.closest&&e.target.closest('button[type=button],a[data-provider]');if(t){e.preventDefault();(window.__gatehouseEarlyClicks=window.__gatehouseEarlyClicks||[]).push(t)}},true);";

/** The web app's run-time settings as a script: inlined into every served page (its CSP lists its hash). */
export function runtimeConfigScript(config: Config, brand?: PaintedBrand): string {
  const settings = runtimeConfigOf(config, brand);
  // The stylesheet shows the buttons of the providers named here, before the first paint.
  const sso = settings.sso?.length ? `document.documentElement.dataset.sso=${JSON.stringify(settings.sso.join(' '))};` : '';
  // Likewise the product panel beside the forms, which an operator may hide (its figures are illustrative).
  const panel = settings.productPanel === false ? 'document.documentElement.dataset.productPanel="off";' : '';
  return `window.__GATEHOUSE__=${JSON.stringify(settings).replace(/</g, '\\u003c')};${sso}${panel}${holdEarlyInput}`;
}

/**
 * The same settings as a file, for what still loads it by URL (the development server, pages
 * cached before the settings were inlined).
 */
export function runtimeConfigRoutes(app: FastifyInstance, config: Config): void {
  const body = `${runtimeConfigScript(config)}\n`;
  app.get(runtimeConfigPath, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}
