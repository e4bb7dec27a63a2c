import type { Language, Plan } from '@gatehouse/contract';
import type { App } from '../../src/app.ts';
import { consentRow, findAccountByEmail, insertConsents } from '../../src/features/accounts/account.repository.ts';
import { tokenLifetimesMs, writeToken } from '../../src/features/tokens/token.service.ts';
import { iso } from '../../src/lib/clock.ts';
import { nextIp, seedAccount } from './accounts.ts';
import { issueLicense, registerApp } from './index.ts';
import { signInWithTwoFactorsDirectly } from './two-factor.ts';

/**
 * A complete account in a given state, for the browser suite's state level (one page load per
 * state, no journey): the account, its options and a signed-in session, made in milliseconds
 * through the app's own HTTP routes (by inject) where a route makes it, written directly where
 * only a ceremony of another party would (an authenticator's confirmation, a passkey, an identity).
 */
export interface AccountFixture {
  language?: Language;
  /** First and family name; none leaves the profile step undone. */
  names?: [string, string];
  /** An own license of this plan, activated. */
  license?: Plan;
  /** An authenticator confirmed, and the session proved with two factors. */
  twoFactor?: boolean;
  /** A passkey with this name. */
  passkey?: string;
  /**
   * An address change waiting for its confirmation (true: to moved.<the address>, unique as the
   * address is); the made fixture carries the new address's link and the old address's "stop it" link.
   */
  pendingEmail?: string | true;
  /** The analytics consent given. */
  analyticsConsent?: boolean;
  /** A consent history: the analytics consent given, then the data-processing consent withdrawn. */
  consentHistory?: boolean;
  /** A second device signed in too: Firefox on Windows, from another address. */
  otherDevice?: boolean;
  /** Signed in to the operator's app (the reference dashboard) with this session: its grant. */
  connectedApp?: boolean;
  /** false: the account exists, nobody is signed in. */
  signedIn?: boolean;
  /** A password-reset link already used: the password set again through it, which signs the account out. */
  usedResetLink?: boolean;
}

export interface MadeFixture {
  id: string;
  email: string;
  password: string;
  /** The session cookie, for the browser to carry; absent when not signed in. */
  cookie?: { name: string; value: string };
  /** The address a pending change waits to have verified. */
  pendingEmail?: string;
  /** The pending change's mailed links, as paths: the new address's confirmation, the old address's "stop it". */
  links?: { confirm: string; cancel: string };
  /** The used reset link (usedResetLink), as its mail gave it. */
  resetLink?: string;
}

const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

/** The operator's app, registered as by the CLI: the reference dashboard where one runs. */
async function operatorApp(app: App): Promise<string> {
  const known = await app.deps.db
    .selectFrom('oidc_clients')
    .select('id')
    .where('name', '=', 'Monitoring dashboard')
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
  if (known) return known.id;
  return (await registerApp(app, { name: 'Monitoring dashboard', redirectUris: ['http://127.0.0.1/callback'] })).clientId;
}

export const fixturePassword = 'Lighthouse keeper 1912';

export async function makeAccountFixture(app: App, email: string, options: AccountFixture = {}): Promise<MadeFixture> {
  const { deps } = app;
  const ip = nextIp();
  const passwordHash = await deps.hasher.hash(fixturePassword);
  const seeded = await seedAccount(app, email, { passwordHash });
  // The sign-up's own ledger entry, as the sign-up records it: the consents' history starts there.
  await insertConsents(deps.db, [
    consentRow(seeded.id, 'data_processing', true, { now: seeded.created_at, policyVersion: deps.config.consentPolicyVersion }),
  ]);
  const call = async (method: 'POST' | 'PUT', url: string, payload: object, cookie?: string) => {
    const response = await app.app.inject({
      method,
      url,
      payload,
      headers: { 'x-forwarded-for': ip, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const signin = await app.app.inject({
    method: 'POST',
    url: '/signin',
    payload: new URLSearchParams({ email, password: fixturePassword }).toString(),
    // A browser's own name on its session, as the devices list shows a real one.
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, 'user-agent': chrome },
  });
  const name = deps.config.session.cookieName;
  const value = signin.cookies.find((c) => c.name === name)?.value;
  if (signin.statusCode !== 200 || !value) throw new Error(`fixture sign-in: ${signin.statusCode} ${signin.body}`);
  const cookie = `${name}=${value}`;
  const language = options.language ?? 'en';
  await call(
    'PUT',
    '/profile',
    {
      locale: language,
      consent: true,
      ...(options.analyticsConsent ? { analyticsConsent: true } : {}),
      ...(options.names ? { firstName: options.names[0], familyName: options.names[1] } : {}),
    },
    cookie,
  );
  if (options.license) {
    const license = await issueLicense(app, { plan: options.license });
    await call('POST', '/license/activate', { license }, cookie);
  }
  if (options.consentHistory) {
    await call('PUT', '/account/consents', { analyticsConsent: true }, cookie);
    await call('PUT', '/account/consents', { consent: false }, cookie);
  }
  let pending: Pick<MadeFixture, 'pendingEmail' | 'links'> = {};
  if (options.pendingEmail) {
    const to = options.pendingEmail === true ? `moved.${email}` : options.pendingEmail;
    await call('POST', '/account/email', { email: to, currentPassword: fixturePassword }, cookie);
    // The mailed tokens are stored hashed: links of the same kind, written as the request writes
    // them, stand in for those in the mails (the newest confirmation link is the live one).
    const link = (purpose: 'email_change' | 'email_change_cancel', newEmail: string) =>
      writeToken(deps.db, { accountId: seeded.id, purpose, now: deps.clock.now(), lifetimeMs: 24 * 3_600_000, newEmail });
    const confirm = await link('email_change', to);
    const cancel = await link('email_change_cancel', email);
    pending = {
      pendingEmail: to,
      links: { confirm: `/email-change?token=${confirm}`, cancel: `/email-change/cancel?token=${cancel}` },
    };
  }
  if (options.passkey) {
    const now = iso(deps.clock.now());
    await deps.db
      .insertInto('passkeys')
      .values({
        id: crypto.randomUUID(),
        account_id: seeded.id,
        credential_id: Buffer.from(crypto.randomUUID()).toString('base64url'),
        host: new URL(deps.config.publicUrl).hostname,
        public_key: Buffer.from('fixture').toString('base64url'),
        counter: 0,
        transports: 'internal hybrid',
        user_verified: 1,
        backed_up: 1,
        name: options.passkey,
        created_at: now,
        last_used_at: null,
      })
      .execute();
  }
  if (options.twoFactor) await signInWithTwoFactorsDirectly(deps, seeded.id);
  if (options.connectedApp) {
    // The provider's interaction is a ceremony of the app's: its grant is written as signInToApp writes it.
    const session = await deps.db.selectFrom('sessions').select('id').where('account_id', '=', seeded.id).executeTakeFirstOrThrow();
    const now = iso(deps.clock.now());
    await deps.db
      .insertInto('oidc_grants')
      .values({
        grant_key: crypto.randomUUID(),
        client_id: await operatorApp(app),
        account_id: seeded.id,
        session_id: session.id,
        sid: crypto.randomUUID(),
        issuer: null,
        created_at: now,
        last_used_at: now,
      })
      .execute();
  }
  if (options.otherDevice) {
    const other = await app.app.inject({
      method: 'POST',
      url: '/signin',
      payload: new URLSearchParams({ email, password: fixturePassword }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp(), 'user-agent': firefox },
    });
    if (other.statusCode !== 200) throw new Error(`fixture sign-in on a second device: ${other.statusCode} ${other.body}`);
  }
  let reset: Pick<MadeFixture, 'resetLink'> = {};
  if (options.usedResetLink) {
    // Stored hashed, as for the address change: a link written as the request writes it stands in for the mailed one.
    const token = await writeToken(deps.db, {
      accountId: seeded.id,
      purpose: 'password_reset',
      now: deps.clock.now(),
      lifetimeMs: tokenLifetimesMs.password_reset,
    });
    await call('POST', '/user/password-reset', { token, password: fixturePassword });
    reset = { resetLink: `/reset?token=${token}` };
  }
  const signedOut = options.signedIn === false || options.usedResetLink;
  if (options.signedIn === false && !options.usedResetLink) await call('POST', '/signout', {}, cookie);
  const account = await findAccountByEmail(deps.db, email);
  return {
    id: seeded.id,
    email: account?.email ?? email,
    password: fixturePassword,
    ...(signedOut ? {} : { cookie: { name, value } }),
    ...pending,
    ...reset,
  };
}
