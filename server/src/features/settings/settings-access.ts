import { z } from 'zod';
import type { Account } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { countAccountFailure } from '../auth/account-run.ts';

/** The optional X-API-KEY header of every settings call (required from a hosting panel's page). */
export const panelKeyHeader = z.object({ 'x-api-key': z.string().max(200).optional() });

/**
 * Proves the person at the keyboard knows the account's password (a stolen session alone must
 * not change the password or address, or delete the account). A session is no licence to guess:
 * wrong passwords count like failed sign-ins, per (account, address) and in the account's run
 * across addresses, and while the run is at its cap every password, right or wrong, gets the
 * sign-in's answer (`auth.signin_paused`) after the same work (decision 019).
 */
export async function confirmPassword(deps: Deps, account: Account, password: string, caller: Caller, field: string): Promise<void> {
  await deps.limits.hashing(caller.ip);
  await deps.limits.signinAllowed(account.email, caller.ip);
  if (!account.password_hash) throw badRequest('account.no_password');
  const paused = await deps.limits.accountPaused(account.email);
  const valid = await deps.hasher.verify(account.password_hash, password);
  if (paused || !valid) {
    await deps.limits.signinFailed(account.email, caller.ip);
    const tripped = paused || (await countAccountFailure(deps, account.email, account, caller));
    const code = tripped ? 'auth.signin_paused' : 'auth.wrong_password';
    throw badRequest(code, { fields: { [field]: code } });
  }
  await deps.limits.signinSucceeded(account.email, caller.ip);
  await deps.limits.accountCleared(account.email);
}
