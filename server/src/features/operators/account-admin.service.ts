import type { Db } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import { type Clock, iso } from '../../lib/clock.ts';
import { findAccountByEmail, lockAccount, updateCredential } from '../accounts/account.repository.ts';
import { endSessions } from '../auth/end-sessions.ts';
import { applyRecovery } from '../ways-in/registry.ts';
import { emitEvent } from '../webhooks/emit.ts';

/** The operator's view of one account (the admin CLI). */
export function findAccountForAdmin(db: Db, email: string): Promise<Account | undefined> {
  return findAccountByEmail(db, email);
}

/**
 * Disables an account (the admin CLI): it signs in no more, by any way, and every session ends.
 * The credential generation moves on with it, so a sign-in checked just before gets no session
 * either (decision 029). Returns the account as it was, or undefined when there is none.
 */
export async function disableAccount(deps: { db: Db; clock: Clock }, email: string): Promise<Account | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const account = await findAccountByEmail(trx, email);
    if (!account) return undefined;
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    await updateCredential(trx, account.id, { disabled_at: now, updated_at: now });
    await endSessions(trx, deps, account.id, { all: true });
    await applyRecovery(trx, account.id, 'disable');
    if (!account.disabled_at) await emitEvent(trx, deps.clock, 'account.disabled', { accountId: account.id });
    return account;
  });
}
