import { languageOr, screenUrl, ssoProviderRegistry } from '@gatehouse/contract';
import type { Transaction } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, Database, SsoFlow, SsoProvider } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { type WriteMail, withMail } from '../../mail/mail-transaction.ts';
import { consentRow, findAccountById, insertAccountOrGetExisting, insertConsents, updateAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { hasSecondFactor } from '../auth/factors.ts';
import { proofs } from '../auth/proof.ts';
import { finishWayIn, SignInRefused } from '../auth/session.service.ts';
import { type JoinResult, joinByTokenHash } from '../teams/invitation.service.ts';
import { announceAccountCreated } from '../webhooks/account-events.ts';
import type { IdentityClaims, SsoError } from './oidc-client.ts';
import { findIdentity, insertIdentity, touchIdentity } from './sso.repository.ts';

// What a finished sign-in does to accounts: sign in, link, create. Each writes in one
// transaction with its audit rows and mail, or not at all.

export interface SignupConsents {
  dataProcessing: true;
  marketing: boolean;
  analytics: boolean;
}

/** Where the browser goes after the callback, and the session to start, if any. */
export type SsoOutcome =
  | { kind: 'signed_in'; account: Account; sessionToken: string; flow: SsoFlow; created: boolean; invitation?: JoinResult }
  // The account has a second factor: the browser answers it before it is signed in (decision 046).
  | { kind: 'two_factor'; challengeToken: string; flow: SsoFlow }
  | { kind: 'linked'; flow: SsoFlow }
  | { kind: 'refused'; code: SsoRefusal; flow?: SsoFlow };

export type SsoRefusal =
  | SsoError['code']
  | 'sso.email_unverified'
  | 'sso.email_not_confirmed'
  | SignInRefused['code']
  | 'sso.no_account'
  | 'sso.identity_taken';

export type Refuse = (code: SsoRefusal, accountId?: string | null) => Promise<SsoOutcome>;

/** A finished sign-in's mail is in the brand of the public address: the provider's redirect came back to it. */
const publicHost = (deps: Deps) => new URL(deps.config.publicUrl).host;

export async function link(deps: Deps, flow: SsoFlow, claims: IdentityClaims, caller: Caller, refuse: Refuse): Promise<SsoOutcome> {
  const account = flow.account_id ? await findAccountById(deps.db, flow.account_id) : undefined;
  if (!account || account.disabled_at) return refuse('auth.account_disabled', account?.id ?? null);
  const known = await findIdentity(deps.db, claims.issuer, claims.subject);
  if (known && known.account_id !== account.id) return refuse('sso.identity_taken', account.id);
  if (!known) {
    const linked = await withMail(deps, publicHost(deps), async (trx, mail) => {
      const now = iso(deps.clock.now());
      if (!(await addIdentity(trx, deps, mail, flow.provider, account, claims, now))) return false;
      await recordAuthEvent(trx, { accountId: account.id, type: 'sso_linked', ip: caller.ip, at: now });
      return true;
    });
    if (!linked) return refuse('sso.identity_taken', account.id);
  }
  return { kind: 'linked', flow };
}

export async function signIn(
  deps: Deps,
  flow: SsoFlow,
  account: Account,
  caller: Caller,
  refuse: Refuse,
  change: { touch?: string; link?: IdentityClaims },
): Promise<SsoOutcome> {
  const write = async (trx: Transaction<Database>, mail?: WriteMail) => {
    const now = iso(deps.clock.now());
    if (change.touch) await touchIdentity(trx, change.touch, now);
    // Connecting a provider adds a way in, which an account with a second factor allows only once
    // that factor is proved: here it signs in (with the code still to come) and links nothing.
    if (change.link && mail && !(await hasSecondFactor(trx, account.id))) {
      if (!(await addIdentity(trx, deps, mail, flow.provider, account, change.link, now))) return undefined;
      // The provider vouched for the address: a sign-up left unconfirmed is confirmed now.
      if (!account.email_verified_at) await updateAccount(trx, account.id, { email_verified_at: now, updated_at: now });
      await announceAccountCreated(trx, deps.clock, account.id, 'sso');
      await recordAuthEvent(trx, { accountId: account.id, type: 'sso_linked', ip: caller.ip, at: now });
    }
    // An account that has one signs in from the invitation to its own address, as POST
    // /invitations/{token}/accept: now, or once its second factor is in.
    const pending = { invitationHash: flow.invitation_hash ?? undefined };
    // Still owing the code, this is no sign-in yet: the second step audits it (decision 046).
    const started = await finishWayIn(trx, deps, account, caller, proofs.singleSignOn, { pending });
    if (started.kind === 'challenge') return { kind: 'two_factor' as const, challengeToken: started.challengeToken, flow };
    const invitation = await joinFromFlow(deps, trx, flow, account.id, { invitedAddressOnly: true });
    return { kind: 'signed_in' as const, account, sessionToken: started.token, flow, created: false, invitation };
  };
  // Only a sign-in that links a provider mails (and reads the brand for it).
  const outcome = await (change.link ? withMail(deps, publicHost(deps), write) : deps.db.transaction().execute((trx) => write(trx)))
    // Nothing of this sign-in is kept. A disabled account is told so on the login screen; one whose
    // credentials changed while the provider answered ("this was not me", a reset) starts again.
    .catch((error: unknown) => {
      if (error instanceof SignInRefused) return error;
      throw error;
    });
  if (outcome instanceof SignInRefused) return refuse(outcome.stale ? 'sso.expired' : outcome.code, account.id);
  if (!outcome) return { kind: 'refused', code: 'sso.identity_taken', flow };
  return outcome;
}

export async function signUp(
  deps: Deps,
  flow: SsoFlow,
  claims: IdentityClaims & { email: string },
  consents: SignupConsents,
  caller: Caller,
) {
  const language = languageOr(flow.locale, deps.config.defaultLanguage);
  return deps.db.transaction().execute(async (trx): Promise<SsoOutcome> => {
    const now = iso(deps.clock.now());
    const { account, created } = await insertAccountOrGetExisting(trx, {
      email: claims.email,
      locale: language,
      now,
      email_verified_at: now,
      first_name: claims.givenName ?? null,
      family_name: claims.familyName ?? null,
      marketing_consent_at: consents.marketing ? now : null,
      analytics_consent_at: consents.analytics ? now : null,
    });
    // Another sign-up took the address a moment ago: nothing of ours was written.
    if (!created) return { kind: 'refused', code: 'sso.expired', flow };
    const at = { now, policyVersion: deps.config.consentPolicyVersion };
    await insertConsents(trx, [
      consentRow(account.id, 'data_processing', true, at),
      consentRow(account.id, 'marketing', consents.marketing, at),
      consentRow(account.id, 'analytics', consents.analytics, at),
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
    await recordAuthEvent(trx, { accountId: account.id, type: 'sso_signup', ip: caller.ip, at: now });
    await announceAccountCreated(trx, deps.clock, account.id, 'sso');
    const started = await finishWayIn(trx, deps, account, caller, proofs.singleSignOn, { event: null });
    if (started.kind === 'challenge') return { kind: 'two_factor', challengeToken: started.challengeToken, flow };
    // A new account from the invitation screen joins whatever its (provider-verified) address,
    // as a password sign-up with another address does once that address is verified.
    const invitation = await joinFromFlow(deps, trx, flow, account.id, { invitedAddressOnly: false });
    return { kind: 'signed_in', account, sessionToken: started.token, flow, created: true, invitation };
  });
}

/** Joins the team of the invitation the flow started from, if any, in the caller's transaction. */
async function joinFromFlow(
  deps: Deps,
  trx: Transaction<Database>,
  flow: SsoFlow,
  accountId: string,
  options: { invitedAddressOnly: boolean },
): Promise<JoinResult | undefined> {
  return flow.invitation_hash ? joinByTokenHash(deps, trx, accountId, flow.invitation_hash, options) : undefined;
}

/** Links an identity and writes the "Google was connected" mail in the same transaction. */
async function addIdentity(
  trx: DbOrTx,
  deps: Deps,
  mail: WriteMail,
  provider: SsoProvider,
  account: Account,
  claims: IdentityClaims,
  now: string,
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
  await mail({
    to: account.email,
    kind: 'sso_linked',
    language: languageOr(account.locale, deps.config.defaultLanguage),
    params: { provider: ssoProviderRegistry[provider].name, email: account.email, link: screenUrl(deps.config.publicUrl, 'index') },
  });
  return true;
}
