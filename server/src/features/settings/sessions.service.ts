import type { Session } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { endSessions } from '../auth/end-sessions.ts';

/** "Sign out" one device from the list (or this one): the account's own sessions only. */
export async function endSession(deps: Deps, accountId: string, id: string, caller: Caller): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const ended = await endSessions(trx, deps, accountId, { only: id }, { type: 'session_ended', ip: caller.ip });
    if (ended.length === 0) throw notFound('auth.session_not_found');
  });
}

/** "Sign out all other devices": the session making the call stays. */
export async function endOtherSessions(deps: Deps, session: Session, caller: Caller): Promise<{ ended: number }> {
  const ended = await deps.db
    .transaction()
    .execute((trx) => endSessions(trx, deps, session.account_id, { except: session.id }, { type: 'sessions_ended', ip: caller.ip }));
  return { ended: ended.length };
}
