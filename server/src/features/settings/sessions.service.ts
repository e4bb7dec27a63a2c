import type { Session } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { deleteOtherSessions } from '../auth/session.repository.ts';

/** "Sign out all other devices": the session making the call stays. */
export async function endOtherSessions(deps: Deps, session: Session, caller: Caller): Promise<{ ended: number }> {
  const ended = await deleteOtherSessions(deps.db, session.account_id, session.id);
  await recordAuthEvent(deps.db, { accountId: session.account_id, type: 'sessions_ended', ip: caller.ip, at: iso(deps.clock.now()) });
  return { ended };
}
