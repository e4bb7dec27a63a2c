import type { SignupState } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';

/**
 * The tab that starts a sign-up sends a random secret of its own with it (`watch`), and asks
 * with it whether the address was confirmed on another device (decision 041). The sign-up's
 * answer is the same with or without it. Only a pending account just mailed a link is watched,
 * so an address with an account stays "waiting" and the answer tells nothing about it (decision
 * 005). A later sign-up of the same address replaces the watch: only the newest tab is told, as
 * only the newest link works.
 */
const watchLifetimeMs = 24 * 3_600_000;

export async function keepWatch(trx: DbOrTx, accountId: string, watch: string, now: string): Promise<void> {
  const row = { watch_hash: sha256(watch), created_at: now };
  // A tab that signs up again with another address moves its watch along.
  await trx.deleteFrom('signup_watches').where('watch_hash', '=', row.watch_hash).execute();
  await trx
    .insertInto('signup_watches')
    .values({ account_id: accountId, ...row })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet(row))
    .execute();
}

/** Waiting, verified (the link was opened, the password not yet set) or ready (a password or passkey set: sign in). */
export async function watchState(deps: Deps, watch: string, caller: Caller): Promise<SignupState> {
  await deps.limits.lookup(caller.ip);
  const row = await deps.db
    .selectFrom('signup_watches')
    .innerJoin('accounts', 'accounts.id', 'signup_watches.account_id')
    .select(['signup_watches.created_at', 'accounts.email_verified_at', 'accounts.password_changed_at', 'accounts.disabled_at'])
    // A sign-up finished with a passkey instead of a password (decision 048) is set up too.
    .select((eb) =>
      eb
        .selectFrom('passkeys')
        .select((sub) => sub.fn.max('passkeys.created_at').as('at'))
        .whereRef('passkeys.account_id', '=', 'accounts.id')
        .as('passkey_at'),
    )
    .where('signup_watches.watch_hash', '=', sha256(watch))
    .executeTakeFirst();
  const oldest = iso(new Date(deps.clock.now().getTime() - watchLifetimeMs));
  if (!row || row.disabled_at || row.created_at < oldest) return 'waiting';
  // Only what happened after this tab's sign-up: a stranger signing up an address confirmed
  // before (a pending account whose link was opened) learns nothing from its answer.
  const since = (at: string | null) => at !== null && at >= row.created_at;
  if (since(row.password_changed_at) || since(row.passkey_at)) return 'ready';
  return since(row.email_verified_at) ? 'verified' : 'waiting';
}
