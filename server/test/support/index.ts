/**
 * What the browser tests use of the server, in one place: the app, its configuration, the local
 * mail and OpenID stand-ins, and the operator's actions (licenses, panels, brands) the tests set
 * up through services. Nothing outside server/ imports a server module but this one and the
 * page helpers of the build (`@gatehouse/server/pages`), so the server's files can move freely.
 */
import type { Plan } from '@gatehouse/contract';
import type { App } from '../../src/app.ts';
import { findAccountByEmail } from '../../src/features/accounts/account.repository.ts';
import { saveBrand } from '../../src/features/brands/brand.service.ts';
import { createLicenses } from '../../src/features/licenses/license.service.ts';
import { createClient } from '../../src/features/oidc/oidc-client.service.ts';
import { createOidcVault } from '../../src/features/oidc/oidc-vault.ts';
import { createPanel } from '../../src/features/panels/panel.service.ts';
import { insertIdentity } from '../../src/features/sso/sso.repository.ts';
import type { TestOidcProvider } from './oidc-provider.ts';
import { signInWithTwoFactorsDirectly } from './two-factor.ts';

export { type App, buildApp } from '../../src/app.ts';
export { loadConfig } from '../../src/config.ts';
export type { Limits } from '../../src/lib/limits.ts';
export { type AccountFixture, fixturePassword, type MadeFixture, makeAccountFixture } from './fixtures.ts';
export { freePort } from './free-port.ts';
export { startOidcProvider, type TestOidcProvider } from './oidc-provider.ts';
export { SoftAuthenticator } from './passkey-authenticator.ts';
export { linkIn, SmtpCapture } from './smtp.ts';

/** A license key as the admin CLI issues it; a platform license belongs to the given panel. */
export async function issueLicense(app: App, input: { plan: Plan; panelId?: string }): Promise<string> {
  const [key] = await createLicenses(app.deps.db, app.deps.clock, {
    plan: input.plan,
    count: 1,
    kind: input.panelId ? 'platform' : 'standalone',
    ...(input.panelId ? { panelId: input.panelId } : {}),
  });
  if (!key) throw new Error('no license was issued');
  return key;
}

/** One of the operator's apps, registered as with `npm run admin -- client create`. */
export function registerApp(
  app: App,
  input: {
    name: string;
    redirectUris: string[];
    postLogoutRedirectUris?: string[];
    initiateLoginUri?: string;
    backchannelLogoutUri?: string;
  },
) {
  const deps = { db: app.deps.db, clock: app.deps.clock, vault: createOidcVault(app.deps.secrets) };
  return createClient(deps, { postLogoutRedirectUris: [], ...input, public: false });
}

/** A hosting panel registered as with `npm run admin -- panel create`. */
export function registerPanel(app: App, input: { name: string; platform: 'cpanel' | 'plesk'; origins: string[] }) {
  return createPanel(app.deps.db, app.deps.clock, input);
}

export interface BrandInput {
  host: string;
  name: string;
  favicon: string | null;
  color: string | null;
  support: string | null;
  dashboard: string | null;
  privacy: string | null;
  terms: string | null;
}

/** The white label of one host, as the operator sets it. */
export async function setBrand(app: App, brand: BrandInput): Promise<void> {
  await saveBrand(app.deps.db, {
    host: brand.host,
    brand_name: brand.name,
    favicon_url: brand.favicon,
    logo_url: null,
    primary_color: brand.color,
    support_url: brand.support,
    dashboard_url: brand.dashboard,
    privacy_url: brand.privacy,
    terms_url: brand.terms,
    default_language: null,
    updated_at: new Date().toISOString(),
  });
}

/**
 * A person at the provider whose identity is connected to the account of `email` without the
 * round trip (the screenshot gallery shows connected accounts), signing in there as `as`.
 * Returns their login at the provider; undefined when no account has that address.
 */
export async function connectIdentity(app: App, provider: TestOidcProvider, email: string, as?: string): Promise<string | undefined> {
  const account = await findAccountByEmail(app.deps.db, email);
  if (!account) return undefined;
  const user = provider.addUser({ email: as ?? account.email, emailVerified: true, xmsEdov: true });
  const now = new Date().toISOString();
  await insertIdentity(app.deps.db, {
    id: crypto.randomUUID(),
    account_id: account.id,
    provider: provider.flavour,
    issuer: provider.flavour === 'microsoft' ? `${provider.origin}/${provider.tenantId}/v2.0` : provider.issuer,
    subject: user.sub,
    email: as ?? account.email,
    created_at: now,
    last_used_at: null,
  });
  return user.login;
}

/** The invitations of an address past their 7 days, as time would make them. */
/** The account of an address enrolled and its sessions proved with two factors, written directly (support/two-factor.ts). */
export async function signInWithTwoFactorsDirectlyByEmail(app: App, email: string): Promise<void> {
  const account = await findAccountByEmail(app.deps.db, email);
  if (account) await signInWithTwoFactorsDirectly(app.deps, account.id);
}

export async function expireInvitations(app: App, email: string): Promise<void> {
  await app.deps.db.updateTable('team_invitations').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', email).execute();
}
export { totpAt } from './totp.ts';
