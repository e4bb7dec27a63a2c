import type { Session } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { deleteOtherSessions, deleteSession } from '../auth/session.repository.ts';

/** "Sign out" one device from the list (or this one): the account's own sessions only. */
export async function endSession(deps: Deps, accountId: string, id: string, caller: Caller): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteSession(trx, accountId, id))) throw notFound('auth.session_not_found');
    await recordAuthEvent(trx, { accountId, type: 'session_ended', ip: caller.ip, at: iso(deps.clock.now()) });
  });
}

/** "Sign out all other devices": the session making the call stays. */
export async function endOtherSessions(deps: Deps, session: Session, caller: Caller): Promise<{ ended: number }> {
  const ended = await deleteOtherSessions(deps.db, session.account_id, session.id);
  await recordAuthEvent(deps.db, { accountId: session.account_id, type: 'sessions_ended', ip: caller.ip, at: iso(deps.clock.now()) });
  return { ended };
}
