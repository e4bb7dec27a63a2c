import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The browser suite's ports, from one base (E2E_PORT, 4173 by default), so two checkouts can
// run their suites side by side: the app, the control port, and the app with analytics.
const base = Number(process.env.E2E_PORT ?? 4173);

// The reference panel (a registered panel origin) and a second copy on an origin nobody registered.
// Two real OpenID providers, one like Google, one like Microsoft.
export const ports = {
  app: base,
  control: base + 1,
  // Deployments of their own, for the specs that change a deployed build (platform.spec.ts):
  // one per project, so no other test, running beside them, ever sees the change.
  desktopDeployment: base + 2,
  analytics: base + 3,
  phoneDeployment: base + 4,
  panel: base + 5,
  foreignPanel: base + 6,
  google: base + 7,
  microsoft: base + 8,
  // The reference dashboard, one of the operator's apps signing in with Gatehouse; E2E_DASHBOARD_PORT
  // moves it where another program holds that port (Erlang's epmd listens on 4369).
  dashboard: Number(process.env.E2E_DASHBOARD_PORT ?? base + 9),
  // A deployment whose brand's dashboard is a reference dashboard of its own: the hand-off of
  // "Finish" and "Back to dashboard" to its initiate-login URI.
  handOff: base + 10,
  handOffDashboard: base + 11,
} as const;
export const appUrl = `http://localhost:${ports.app}`;
export const controlUrl = `http://127.0.0.1:${ports.control}`;
export const analyticsUrl = `http://localhost:${ports.analytics}`;
// 127.0.0.1 beside the API's localhost: another site, as a hosting panel is.
export const panelUrl = `http://127.0.0.1:${ports.panel}`;
export const foreignPanelUrl = `http://127.0.0.1:${ports.foreignPanel}`;
export const dashboardUrl = `http://127.0.0.1:${ports.dashboard}`;
export const handOffUrl = `http://localhost:${ports.handOff}`;
export const handOffDashboardUrl = `http://127.0.0.1:${ports.handOffDashboard}`;

/**
 * A project's own deployment (the web build copied, served by a server of its own): its URL, and
 * its build folder, whose files a spec may replace or remove as a deploy would.
 */
export function deploymentOf(project: string): { url: string; client: string } {
  if (project !== 'desktop' && project !== 'phone') throw new Error(`no deployment for project ${project}`);
  return {
    url: `http://localhost:${project === 'desktop' ? ports.desktopDeployment : ports.phoneDeployment}`,
    client: join(tmpdir(), `gatehouse-e2e-${base}-deployment`, project, 'client'),
  };
}
