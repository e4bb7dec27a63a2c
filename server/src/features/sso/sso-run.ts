import type { Caller, Deps } from '../../deps.ts';
import { findAccountById } from '../accounts/account.repository.ts';
import { clearFailures, countAccountFailure } from '../auth/account-run.ts';
import type { SsoOutcome, SsoRefusal } from './sso-accounts.ts';

// Single sign-on and the per-account run of failed sign-ins (decision 019).

/**
 * The refusals that are a failure of one account: an identity claiming the account's address
 * without the provider vouching for it (the nOAuth takeover). Expired or forged flows, provider
 * errors, a disabled account or an identity of another account are no guess at this account's
 * way in, and are left to the per-IP callback limit.
 */
const accountFailures: ReadonlySet<SsoRefusal> = new Set(['sso.email_unverified']);

/** Counts an attributable refusal in the account's run (the run's one warning mail included). */
export async function ssoRefused(deps: Deps, code: SsoRefusal, accountId: string | null, caller: Caller): Promise<void> {
  if (!accountId || !accountFailures.has(code)) return;
  const account = await findAccountById(deps.db, accountId);
  if (account) await countAccountFailure(deps, account.email, account, caller);
}

/**
 * An identity the provider proved is no guess: it signs in even while the password is paused,
 * and ends the account's run and this address's delays, as a successful password sign-in does.
 */
export async function ssoFinished(deps: Deps, outcome: SsoOutcome, caller: Caller): Promise<void> {
  if (outcome.kind !== 'signed_in') return;
  await clearFailures(deps, outcome.account.email, caller);
}
