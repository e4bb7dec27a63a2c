import assert from 'node:assert/strict';
import { linkPanelUser } from '../../src/features/panels/panel.repository.ts';
import { createPanel } from '../../src/features/panels/panel.service.ts';
import { iso } from '../../src/lib/clock.ts';
import { nextIp } from './accounts.ts';
import type { Dialect } from './databases.ts';
import type { TestClient } from './http-client.ts';
import type { CapturedMail } from './smtp.ts';
import { startBehindProxy, type TestApp } from './test-app.ts';

let lastPanel = 0;

export interface TestPanel {
  id: string;
  apiKey: string;
  /** The origin its pages are served from. */
  origin: string;
}

/** Registers an installation as the admin CLI does, serving its pages from an origin of its own. */
export async function registerPanel(t: TestApp, platform: 'cpanel' | 'plesk' = 'cpanel'): Promise<TestPanel> {
  lastPanel += 1;
  const origin = `https://panel${lastPanel}.example`;
  const panel = await createPanel(t.deps.db, t.deps.clock, { name: `Host ${lastPanel}`, platform, origins: [origin] });
  return { id: panel.id, apiKey: panel.apiKey, origin };
}

/** Links an account to a user of the installation, as its sign-up or sign-in through the panel does. */
export async function linkToPanel(t: TestApp, panel: { id: string }, accountId: string, userId = `user-${accountId}`): Promise<void> {
  await linkPanelUser(t.deps.db, { panelId: panel.id, panelUserId: userId, accountId, now: iso(t.deps.clock.now()) });
}

/** A browser on the panel's page calling the API on another site (fetch with credentials). */
export function panelBrowser(t: TestApp, origin: string): TestClient {
  return t.client({ 'x-forwarded-for': nextIp(), origin, 'sec-fetch-site': 'cross-site' });
}

/** The code as a person reads it: the line of six digits standing alone in the mail. */
export function codeIn(mail: CapturedMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in:\n${mail.text}`);
  assert.ok(mail.html.includes(`>${code}</p>`), 'the HTML part shows the same code');
  return code;
}

/** A code that is not this one. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A panel page's sign-up: a code mailed for one of the installation's users (the seed's `otp: true`). */
export function askSignupCode(client: TestClient, input: { email: string; apiKey: string; userId: string }) {
  return client.post('/user/signup', {
    email: input.email,
    otp: true,
    apiKey: input.apiKey,
    userId: input.userId,
    dataProcessingConsent: true,
  });
}

/** Control-panel sign-up through HTTP with the mailed code; the client ends signed in. */
export async function registerFromPanel(
  t: TestApp,
  client: TestClient,
  input: { email: string; password: string; apiKey: string; userId: string },
): Promise<{ id: string }> {
  const signup = await askSignupCode(client, input);
  assert.equal(signup.status, 200, signup.text);
  const code = codeIn(await t.smtp.waitFor(input.email, (mail) => mail.subject.includes('verification code')));
  const verified = await client.post('/user/verify-otp-email', { code, email: input.email });
  assert.equal(verified.status, 200, verified.text);
  const done = await client.post('/user/complete-otp-registration', {
    email: input.email,
    password: input.password,
    code,
    userId: input.userId,
  });
  assert.equal(done.status, 200, done.text);
  return { id: done.json.data.id };
}

/** An app behind a trusted proxy with one registered installation, as the panel suites start. */
export async function startWithPanel(dialect: Dialect | undefined): Promise<{ t: TestApp; panel: TestPanel }> {
  const t = await startBehindProxy({ dialect });
  return { t, panel: await registerPanel(t) };
}
