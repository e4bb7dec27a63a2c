import type { Language } from '@gatehouse/contract';
import type { Account } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { withMail } from '../../mail/mail-transaction.ts';

// The per-account run of failures (decisions 014 and 019), shared by every place that judges a
// password or an identity for an account: sign-in, control-panel sign-in, single sign-on and the
// settings calls that take the current password. The counters live in `deps.limits`; this module
// adds what every place must do alike when a failure reaches the cap.

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
      language: account.locale as Language,
      params: { link: `${deps.config.publicUrl}/reset-password`, email: account.email },
    }),
  );
}
