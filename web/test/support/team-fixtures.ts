// The state level's teams and authenticator apps (decision 054), made by the e2e server's control
// port (server/test/support/team-fixtures.ts), with the session of whoever is signed in carried
// into the browser's context.
import type { BrowserContext } from '@playwright/test';
import type { MadeFixture } from '../../../server/test/support/fixtures.ts';
import type { MadeTeam, MadeTwoFactor, TeamFixture } from '../../../server/test/support/team-fixtures.ts';
import { appUrl, controlUrl, dashboardUrl } from './ports.ts';
import type { StateContext } from './states.ts';

export type { MadeTeam, MadeTwoFactor, TeamFixture };

// As long as typical addresses (the team's people get .owner, .member1 …), so the screens show what most people see.
const freshEmail = (what: string) => `${what}-${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function made<T>(context: BrowserContext, endpoint: string, body: object): Promise<T> {
  const response = await fetch(`${controlUrl}${endpoint}`, { method: 'POST', body: JSON.stringify(body) });
  const answer = (await response.json()) as T & { error?: string; cookie?: MadeFixture['cookie'] };
  if (!response.ok) throw new Error(`${endpoint}: ${answer.error}`);
  // As the server sets it: host-only, Secure (a `__Host-` name), path /.
  if (answer.cookie)
    await context.addCookies([{ ...answer.cookie, domain: 'localhost', path: '/', secure: true, httpOnly: true, sameSite: 'Lax' }]);
  return answer;
}

/** A team in the state's language; its owner is signed in unless the options say otherwise. */
export function teamFixture(c: StateContext, options: TeamFixture): Promise<MadeTeam> {
  return made<MadeTeam>(c.context, '/fixtures/team', { email: freshEmail('team'), language: c.language, ...options });
}

/** An account with an authenticator app, in the state's language, signed in unless told otherwise. */
export function twoFactorFixture(c: StateContext, options: { signedIn?: boolean } = {}): Promise<MadeTwoFactor> {
  return made<MadeTwoFactor>(c.context, '/fixtures/two-factor', { email: freshEmail('2fa'), language: c.language, ...options });
}

/** A person the screen names (an address), as a journey and a state both give it to `shows`. */
export const person = (email: string, password = ''): MadeFixture => ({ id: '', email, password });

/**
 * The reference dashboard's sign-in, left pending on Gatehouse's login screen (decision 039):
 * started as its link starts it, by the context's own requests, and remembered in the app's
 * storage as the login screen remembers it for an invitation opened after it.
 */
export async function pendingDashboardSignIn(context: BrowserContext): Promise<void> {
  const answer = await context.request.get(`${dashboardUrl}/login`);
  const target = new URL(answer.url()).searchParams.get('redirectTo') ?? '';
  if (!/^\/oidc\/interaction\/[\w-]+$/.test(target))
    throw new Error(`the dashboard's sign-in did not wait on the login screen: ${answer.url()}`);
  await context.addInitScript(
    ([origin, target]) => {
      if (location.origin !== origin) return;
      localStorage.setItem('gatehouse-appSignIn', JSON.stringify({ target, until: Date.now() + 60 * 60 * 1000 }));
    },
    [appUrl, target] as const,
  );
}
