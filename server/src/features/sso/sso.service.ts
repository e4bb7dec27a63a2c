import { type Language, normalizeEmail } from '@gatehouse/contract';
import * as client from 'openid-client';
import type { SsoIntent, SsoProvider } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { addMs, iso } from '../../lib/clock.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { findAccountByEmail, findAccountById } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { type IdentityClaims, SsoError } from './oidc-client.ts';
import type { SsoProviders } from './sso.providers.ts';
import { deleteExpiredFlows, findIdentity, insertFlow, takeFlow } from './sso.repository.ts';
import { link, type SignupConsents, type SsoOutcome, type SsoRefusal, signIn, signUp } from './sso-accounts.ts';
import { ssoFinished, ssoRefused } from './sso-run.ts';

export type { SignupConsents, SsoOutcome } from './sso-accounts.ts';

/** A flow lives as long as a person may reasonably spend at the provider's pages. */
export const flowLifetimeMs = 10 * 60_000;

export interface StartInput {
  provider: SsoProvider;
  intent: SsoIntent;
  locale: Language;
  consents?: SignupConsents;
  redirectTo?: string;
  /** The signed-in account, for `link`. */
  accountId?: string;
  /** Teams: the token of the invitation screen the button was on; kept (hashed) with the flow only. */
  invitation?: string;
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
    invitation_hash: input.intent !== 'link' && input.invitation ? sha256(input.invitation) : null,
    expires_at: iso(addMs(now, flowLifetimeMs)),
    created_at: iso(now),
  });
  return { flowToken, location };
}

export const callbackUrl = (deps: Deps, provider: SsoProvider) => `${deps.config.publicUrl}/connect/${provider}/callback`;

/**
 * Finishes a sign-in: takes the browser's flow (single use), lets openid-client exchange and
 * validate the code, then signs in the identity's owner, links a verified address to its
 * account, or creates an account when the person gave the consents on /signup. A refusal
 * changes nothing but the audit log.
 */
async function finishFlow(
  deps: Deps & { sso: SsoProviders },
  input: { provider: SsoProvider; callbackUrl: URL; flowToken: string | undefined },
  caller: Caller,
): Promise<SsoOutcome> {
  await deps.limits.ssoCallback(caller.ip);
  const flow = input.flowToken && input.flowToken.length <= 128 ? await takeFlow(deps.db, sha256(input.flowToken)) : undefined;
  // A refused sign-in that had begun here is audited; a bare hit on the callback (no flow) only logged.
  const refuse = async (code: SsoRefusal, accountId: string | null = null): Promise<SsoOutcome> => {
    if (flow) await recordAuthEvent(deps.db, { accountId, type: 'sso_refused', ip: caller.ip, at: iso(deps.clock.now()) });
    await ssoRefused(deps, code, accountId, caller);
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
    // Deleted while the provider answered; a disabled one is told so where every sign-in finishes.
    if (!account) return refuse('sso.expired');
    return signIn(deps, flow, account, caller, refuse, { touch: known.id });
  }
  const email = claims.email ? normalizeEmail(claims.email) : undefined;
  if (!email?.ok) return refuse('sso.email_missing');
  const existing = await findAccountByEmail(deps.db, email.email);
  if (existing) {
    // Only an address the provider vouches for may take over the account that holds it.
    if (!claims.emailVerified) return refuse('sso.email_unverified', existing.id);
    return signIn(deps, flow, existing, caller, refuse, { link: { ...claims, email: email.email } });
  }
  const consents = parseConsents(flow.consents);
  if (flow.intent !== 'signup' || !consents) return refuse('sso.no_account');
  if (!claims.emailVerified) return refuse('sso.email_not_confirmed');
  return signUp(deps, flow, { ...claims, email: email.email }, consents, caller);
}

/** The callback, and its part in the account's run of failed sign-ins (decision 019). */
export async function finishSso(
  deps: Deps & { sso: SsoProviders },
  input: { provider: SsoProvider; callbackUrl: URL; flowToken: string | undefined },
  caller: Caller,
): Promise<SsoOutcome> {
  const outcome = await finishFlow(deps, input, caller);
  await ssoFinished(deps, outcome, caller);
  return outcome;
}

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
