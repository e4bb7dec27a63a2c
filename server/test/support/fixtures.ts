import type { Language, Plan } from '@gatehouse/contract';
import type { App } from '../../src/app.ts';
import { findAccountByEmail } from '../../src/features/accounts/account.repository.ts';
import { iso } from '../../src/lib/clock.ts';
import { nextIp, seedAccount } from './accounts.ts';
import { issueLicense } from './index.ts';
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
  /** An address change waiting for its confirmation. */
  pendingEmail?: string;
  /** The analytics consent given. */
  analyticsConsent?: boolean;
  /** false: the account exists, nobody is signed in. */
  signedIn?: boolean;
}

export interface MadeFixture {
  id: string;
  email: string;
  password: string;
  /** The session cookie, for the browser to carry; absent when not signed in. */
  cookie?: { name: string; value: string };
}

export const fixturePassword = 'Lighthouse keeper 1912';

export async function makeAccountFixture(app: App, email: string, options: AccountFixture = {}): Promise<MadeFixture> {
  const { deps } = app;
  const ip = nextIp();
  const passwordHash = await deps.hasher.hash(fixturePassword);
  const seeded = await seedAccount(app, email, { passwordHash });
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
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
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
  if (options.pendingEmail) {
    await call('POST', '/account/email', { email: options.pendingEmail, currentPassword: fixturePassword }, cookie);
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
  if (options.signedIn === false) await call('POST', '/signout', {}, cookie);
  const account = await findAccountByEmail(deps.db, email);
  return {
    id: seeded.id,
    email: account?.email ?? email,
    password: fixturePassword,
    ...(options.signedIn === false ? {} : { cookie: { name, value } }),
  };
}
