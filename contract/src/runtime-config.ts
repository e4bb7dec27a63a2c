import type { SsoProviderName } from './sso-providers.ts';

/** A redirect configured by the operator (ROUTE_RULES). */
export interface RouteRule {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
}

/** What the web app reads at run time (window.__GATEHOUSE__), so one build serves every deployment. */
export interface RuntimeConfig {
  /** The API origin; empty means the page's own origin. */
  apiUrl: string;
  mode: 'standalone' | 'control-panel';
  /** Control-panel mode: the parent frames that may hand in the panel credentials by postMessage. */
  panelOrigins?: string[];
  /** Present only when an analytics key is configured. */
  analytics: { key: string; serverUrl: string } | null;
  routeRules: RouteRule[];
  /** The providers with a client id and secret: only these get a button. Absent: none. */
  sso?: SsoProviderName[];
  /** The host's brand name and colour when they are not the build's: the app's first render paints them, as the page does. */
  brand?: { name: string; color: string | null };
  /** False when BRAND_PRODUCT_PANEL=0: the sign-in and sign-up pages show no product panel beside the form. */
  productPanel?: boolean;
  /** SUPPORT_CONTACT: an https:// page or a mailto: link, for a host whose brand names no support link of its own. */
  support?: string;
  /** The server's PASSWORD_MIN_LENGTH: the browser checks and words the password rule with it. */
  passwordMinLength?: number;
}

export const runtimeConfigPath = '/runtime-config.js';

/** The rule for a path: an exact match, or a section rule ("/docs/*" matches "/docs" and below). */
export function matchRouteRule(rules: readonly RouteRule[], path: string): RouteRule | undefined {
  return rules.find((rule) =>
    rule.from.endsWith('/*') ? path === rule.from.slice(0, -2) || path.startsWith(rule.from.slice(0, -1)) : path === rule.from,
  );
}

/** An external target leaves the app (a full page load); a path stays in it. */
export function isExternalTarget(to: string): boolean {
  return /^https?:\/\//.test(to);
}

/** Where a hosting panel serves the app's files: `<panel origin>/templates/monitoring/spa/` (seed section 3). */
export const panelBasePath = '/templates/monitoring/spa/';

/** What the panel's host page hands the app (docs/product.md, panel credentials): never through the URL. */
export interface PanelCredentials {
  apiKey: string;
  userId: string;
}

/** The localStorage marker stored after a control-panel sign-in or password set (seed section 3). */
export const panelSigninMarker = 'whm-signin';
