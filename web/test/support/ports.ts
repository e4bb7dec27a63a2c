// The browser suite's ports, from one base (E2E_PORT, 4173 by default), so two checkouts can
// run their suites side by side: the app, the control port, and the app with analytics.
const base = Number(process.env.E2E_PORT ?? 4173);

// The reference panel (a registered panel origin) and a second copy on an origin nobody registered.
// Single sign-on: two real OpenID providers, one like Google, one like Microsoft.
export const ports = {
  app: base,
  control: base + 1,
  analytics: base + 3,
  panel: base + 5,
  foreignPanel: base + 6,
  google: base + 7,
  microsoft: base + 8,
} as const;
export const appUrl = `http://localhost:${ports.app}`;
export const controlUrl = `http://127.0.0.1:${ports.control}`;
export const analyticsUrl = `http://localhost:${ports.analytics}`;
// 127.0.0.1 beside the API's localhost: another site, as a hosting panel is.
export const panelUrl = `http://127.0.0.1:${ports.panel}`;
export const foreignPanelUrl = `http://127.0.0.1:${ports.foreignPanel}`;
