import { isLanguage, type Language, normalizeEmail } from '@gatehouse/contract';
import * as client from 'openid-client';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, ConsentsTable, SsoFlow, SsoIntent, SsoProvider } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { addMs, iso } from '../../lib/clock.ts';
import { newId, randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import {
  findAccountByEmail,
  findAccountById,
  insertAccountOrGetExisting,
  insertConsents,
  updateAccount,
} from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { startSession } from '../auth/session.service.ts';
import { getBrand, mailBrand } from '../brands/brand.service.ts';
import { type IdentityClaims, SsoError } from './oidc-client.ts';
import type { SsoProviders } from './sso.providers.ts';
import { deleteExpiredFlows, findIdentity, insertFlow, insertIdentity, takeFlow, touchIdentity } from './sso.repository.ts';

/** A flow lives as long as a person may reasonably spend at the provider's pages. */
export const flowLifetimeMs = 10 * 60_000;

export interface SignupConsents {
  dataProcessing: true;
  marketing: boolean;
  analytics: boolean;
}

export interface StartInput {
  provider: SsoProvider;
  intent: SsoIntent;
  locale: Language;
  consents?: SignupConsents;
  redirectTo?: string;
  /** The signed-in account, for `link`. */
  accountId?: string;
}

/**
 * Starts a sign-in at the provider: a flow record (state, nonce, PKCE verifier) found by the
 * hash of a random value that only this browser holds, in a cookie. Returns the cookie value
 * and where to send the browser.
 */
export async function startSso(deps: Deps & { sso: SsoProviders }, input: StartInput): Promise<{ flowToken: string; location: URL }> {
  const oidc = deps.sso.get(input.provider);
  if (!oidc) throw new SsoError('sso.provider_unavailable');
  const flowToken = randomToken();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const location = await oidc.authorizationUrl({ redirectUri: callbackUrl(deps, input.provider), state, nonce, codeVerifier });
  const now = deps.clock.now();
  await deleteExpiredFlows(deps.db, iso(now));
  await insertFlow(deps.db, {
    id: sha256(flowToken),
    provider: input.provider,
    intent: input.intent,
    state,
    nonce,
    code_verifier: codeVerifier,
    account_id: input.intent === 'link' ? (input.accountId ?? null) : null,
    locale: input.locale,
    consents: input.intent === 'signup' && input.consents ? JSON.stringify(input.consents) : null,
    redirect_to: input.redirectTo ?? null,
    expires_at: iso(addMs(now, flowLifetimeMs)),
    created_at: iso(now),
  });
  return { flowToken, location };
}

export const callbackUrl = (deps: Deps, provider: SsoProvider) => `${deps.config.publicUrl}/connect/${provider}/callback`;

/** Where the browser goes after the callback, and the session to start, if any. */
export type SsoOutcome =
  | { kind: 'signed_in'; account: Account; sessionToken: string; flow: SsoFlow; created: boolean }
  | { kind: 'linked'; flow: SsoFlow }
  | { kind: 'refused'; code: SsoRefusal; flow?: SsoFlow };

export type SsoRefusal =
  | SsoError['code']
  | 'sso.email_unverified'
  | 'sso.email_not_confirmed'
  | 'sso.account_disabled'
  | 'sso.no_account'
  | 'sso.identity_taken';

/**
 * Finishes a sign-in: takes the browser's flow (single use), lets openid-client exchange and
 * validate the code, then signs in the identity's owner, links a verified address to its
 * account, or creates an account when the person gave the consents on /signup. A refusal
 * changes nothing but the audit log.
 */
export async function finishSso(
  deps: Deps & { sso: SsoProviders },
  input: { provider: SsoProvider; callbackUrl: URL; flowToken: string | undefined },
  caller: Caller,
): Promise<SsoOutcome> {
  await deps.limits.ssoCallback(caller.ip);
  const flow = input.flowToken && input.flowToken.length <= 128 ? await takeFlow(deps.db, sha256(input.flowToken)) : undefined;
  // A refused sign-in that had begun here is audited; a bare hit on the callback (no flow) only logged.
  const refuse = async (code: SsoRefusal, accountId: string | null = null): Promise<SsoOutcome> => {
    if (flow) await recordAuthEvent(deps.db, { accountId, type: 'sso_refused', ip: caller.ip, at: iso(deps.clock.now()) });
    return { kind: 'refused', code, flow };
  };
  const oidc = deps.sso.get(input.provider);
  if (!flow || flow.provider !== input.provider || flow.expires_at < iso(deps.clock.now())) return refuse('sso.expired');
  if (!oidc) return refuse('sso.provider_unavailable');
  // A state that is not this browser's flow's: a forged or crossed callback (openid-client checks it too).
  if (!safeEqual(input.callbackUrl.searchParams.get('state') ?? '', flow.state)) return refuse('sso.expired');
  let claims: IdentityClaims;
  try {
    claims = await oidc.exchange(input.callbackUrl, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
  } catch (error) {
    if (!(error instanceof SsoError)) throw error;
    deps.log.info({ provider: input.provider, reason: error.code, err: describe(error.cause) }, 'single sign-on refused');
    return refuse(error.code);
  }
  if (flow.intent === 'link') return link(deps, flow, claims, caller, refuse);

  const known = await findIdentity(deps.db, claims.issuer, claims.subject);
  if (known) {
    const account = await findAccountById(deps.db, known.account_id);
    if (!account || account.disabled_at) return refuse('sso.account_disabled', account?.id ?? null);
    return signIn(deps, flow, account, caller, { touch: known.id });
  }
  const email = claims.email ? normalizeEmail(claims.email) : undefined;
  if (!email?.ok) return refuse('sso.email_missing');
  const existing = await findAccountByEmail(deps.db, email.email);
  if (existing) {
    if (existing.disabled_at) return refuse('sso.account_disabled', existing.id);
    // Only an address the provider vouches for may take over the account that holds it.
    if (!claims.emailVerified) return refuse('sso.email_unverified', existing.id);
    return signIn(deps, flow, existing, caller, { link: { ...claims, email: email.email } });
  }
  const consents = parseConsents(flow.consents);
  if (flow.intent !== 'signup' || !consents) return refuse('sso.no_account');
  if (!claims.emailVerified) return refuse('sso.email_not_confirmed');
  return signUp(deps, flow, { ...claims, email: email.email }, consents, caller);
}

type Refuse = (code: SsoRefusal, accountId?: string | null) => Promise<SsoOutcome>;

async function link(deps: Deps, flow: SsoFlow, claims: IdentityClaims, caller: Caller, refuse: Refuse): Promise<SsoOutcome> {
  const account = flow.account_id ? await findAccountById(deps.db, flow.account_id) : undefined;
  if (!account || account.disabled_at) return refuse('sso.account_disabled', account?.id ?? null);
  const known = await findIdentity(deps.db, claims.issuer, claims.subject);
  if (known && known.account_id !== account.id) return refuse('sso.identity_taken', account.id);
  if (!known) {
    const brand = mailBrand(await getBrand(deps.db, deps.config, new URL(deps.config.publicUrl).host));
    const linked = await deps.db.transaction().execute(async (trx) => {
      const now = iso(deps.clock.now());
      if (!(await addIdentity(trx, deps, flow.provider, account, claims, now, brand))) return false;
      await recordAuthEvent(trx, { accountId: account.id, type: 'sso_linked', ip: caller.ip, at: now });
      return true;
    });
    if (!linked) return refuse('sso.identity_taken', account.id);
    deps.mailWritten();
  }
  return { kind: 'linked', flow };
}

async function signIn(
  deps: Deps,
  flow: SsoFlow,
  account: Account,
  caller: Caller,
  change: { touch?: string; link?: IdentityClaims },
): Promise<SsoOutcome> {
  const brand = change.link ? mailBrand(await getBrand(deps.db, deps.config, new URL(deps.config.publicUrl).host)) : undefined;
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    if (change.touch) await touchIdentity(trx, change.touch, now);
    if (change.link && brand) {
      if (!(await addIdentity(trx, deps, flow.provider, account, change.link, now, brand))) return undefined;
      // The provider vouched for the address: a sign-up left unconfirmed is confirmed now.
      if (!account.email_verified_at) await updateAccount(trx, account.id, { email_verified_at: now, updated_at: now });
      await recordAuthEvent(trx, { accountId: account.id, type: 'sso_linked', ip: caller.ip, at: now });
    }
    const session = await startSession(trx, deps, account.id, caller);
    await recordAuthEvent(trx, { accountId: account.id, type: 'sso_signin', ip: caller.ip, at: now });
    return { kind: 'signed_in' as const, account, sessionToken: session.token, flow, created: false };
  });
  if (!outcome) return { kind: 'refused', code: 'sso.identity_taken', flow };
  if (change.link) deps.mailWritten();
  return outcome;
}

async function signUp(deps: Deps, flow: SsoFlow, claims: IdentityClaims & { email: string }, consents: SignupConsents, caller: Caller) {
  const language: Language = isLanguage(flow.locale) ? flow.locale : deps.config.defaultLanguage;
  return deps.db.transaction().execute(async (trx): Promise<SsoOutcome> => {
    const now = iso(deps.clock.now());
    const { account, created } = await insertAccountOrGetExisting(trx, {
      id: newId(),
      email: claims.email,
      email_verified_at: now,
      password_hash: null,
      password_changed_at: null,
      first_name: claims.givenName ?? null,
      family_name: claims.familyName ?? null,
      locale: language,
      marketing_consent_at: consents.marketing ? now : null,
      analytics_consent_at: consents.analytics ? now : null,
      data_processing_consent_at: now,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    });
    // Another sign-up took the address a moment ago: nothing of ours was written.
    if (!created) return { kind: 'refused', code: 'sso.expired', flow };
    const consent = (kind: ConsentsTable['kind'], granted: boolean): ConsentsTable => ({
      id: newId(),
      account_id: account.id,
      kind,
      granted: granted ? 1 : 0,
      policy_version: deps.config.consentPolicyVersion,
      created_at: now,
    });
    await insertConsents(trx, [
      consent('data_processing', true),
      consent('marketing', consents.marketing),
      consent('analytics', consents.analytics),
    ]);
    await insertIdentity(trx, {
      id: newId(),
      account_id: account.id,
      provider: flow.provider,
      issuer: claims.issuer,
      subject: claims.subject,
      email: claims.email,
      created_at: now,
      last_used_at: now,
    });
    const session = await startSession(trx, deps, account.id, caller);
    await recordAuthEvent(trx, { accountId: account.id, type: 'sso_signup', ip: caller.ip, at: now });
    return { kind: 'signed_in', account, sessionToken: session.token, flow, created: true };
  });
}

/** Links an identity and writes the "Google was connected" mail in the same transaction. */
async function addIdentity(
  trx: DbOrTx,
  deps: Deps,
  provider: SsoProvider,
  account: Account,
  claims: IdentityClaims,
  now: string,
  brand: ReturnType<typeof mailBrand>,
): Promise<boolean> {
  const inserted = await insertIdentity(trx, {
    id: newId(),
    account_id: account.id,
    provider,
    issuer: claims.issuer,
    subject: claims.subject,
    email: claims.email ?? null,
    created_at: now,
    last_used_at: now,
  });
  if (!inserted) return false;
  await enqueueMail(trx, deps, {
    to: account.email,
    kind: 'sso_linked',
    language: isLanguage(account.locale) ? account.locale : deps.config.defaultLanguage,
    brand,
    params: { provider: providerNames[provider], email: account.email, link: `${deps.config.publicUrl}/` },
  });
  return true;
}

export const providerNames: Record<SsoProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

function parseConsents(json: string | null): SignupConsents | undefined {
  if (!json) return undefined;
  const value = JSON.parse(json) as Partial<SignupConsents>;
  return value.dataProcessing === true
    ? { dataProcessing: true, marketing: value.marketing === true, analytics: value.analytics === true }
    : undefined;
}

function describe(cause: unknown): string | undefined {
  if (!(cause instanceof Error)) return undefined;
  const code = (cause as { code?: unknown }).code;
  return `${cause.name}${typeof code === 'string' ? ` ${code}` : ''}: ${cause.message}`;
}
