import type { DbOrTx } from '../../db/database.ts';
import type { Session } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';

/** Ends every session of the account but one; returns how many ended. */
export async function deleteOtherSessions(db: DbOrTx, accountId: string, keepId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('account_id', '=', accountId).where('id', '!=', keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** "Sign out all other devices": the session making the call stays. */
export async function endOtherSessions(deps: Deps, session: Session, caller: Caller): Promise<{ ended: number }> {
  const ended = await deleteOtherSessions(deps.db, session.account_id, session.id);
  await recordAuthEvent(deps.db, { accountId: session.account_id, type: 'sessions_ended', ip: caller.ip, at: iso(deps.clock.now()) });
  return { ended };
}
