import { screenUrl } from '@gatehouse/contract';
import type { Account } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { withMail } from '../../mail/mail-transaction.ts';

// The per-account run of failures (decisions 014 and 019), shared by every place that judges a
// password or an identity for an account: sign-in, control-panel sign-in, single sign-on and the
// settings calls that take the current password. The counters live in `deps.limits`; this module
// adds what every place must do alike when a failure reaches the cap.

/**
 * Ends the runs of failures of an address: the (address, IP) limiter's and the account's. Only
 * what started a session (or, in the settings, confirmed the owner) does: a first factor that
 * still owes the second does not, or signing in again between wrong codes would let the codes be
 * guessed without end.
 */
export async function clearFailures(deps: Deps, email: string, caller: Caller): Promise<void> {
  await deps.limits.signinSucceeded(email, caller.ip);
  await deps.limits.accountCleared(email);
}

/**
 * Counts one failure of the address in its run, from whatever client; returns true for the one
 * failure that reaches the cap, which also writes the one warning mail to the account (if any).
 */
export async function countAccountFailure(deps: Deps, email: string, account: Account | undefined, caller: Caller): Promise<boolean> {
  const run = await deps.limits.accountFailed(email);
  if (run.tripped) await warnOwner(deps, account, caller);
  return run.tripped;
}

/** The one mail of a tripped cap, in the account's language: someone is trying; choose a new password. */
async function warnOwner(deps: Deps, account: Account | undefined, caller: Caller): Promise<void> {
  if (!account || account.disabled_at) return;
  await withMail(deps, caller.host, (_trx, mail) =>
    mail({
      to: account.email,
      kind: 'signin_paused',
      language: account.locale,
      params: { link: screenUrl(deps.config.publicUrl, 'resetPassword'), email: account.email },
    }),
  );
}
