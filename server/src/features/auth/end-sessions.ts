import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { iso } from '../../lib/clock.ts';
import { type AuthEventType, recordAuthEvent } from '../audit/audit.repository.ts';
import { deleteSessions, type SessionScope } from './session.repository.ts';

export type { SessionScope };

/** The audit event of an ending that is the point of the call; a password write or deletion records its own. */
export interface EndingAudit {
  type: Extract<AuthEventType, 'signout' | 'session_ended' | 'sessions_ended'>;
  ip: string | null;
}

/**
 * The one way sessions end: sign-out, one device, the other devices, a password write, "this was
 * not me", the CLI's disable and an account's deletion all call it, inside their own transaction.
 * What must follow the end of a session is done here, once, with the ids that ended: the audit
 * event, and anything signed in through those sessions that must hear of it.
 */
export async function endSessions(
  trx: DbOrTx,
  deps: { clock: Clock },
  accountId: string,
  scope: SessionScope,
  audit?: EndingAudit,
): Promise<string[]> {
  const ended = await deleteSessions(trx, accountId, scope);
  if (audit) await recordAuthEvent(trx, { accountId, type: audit.type, ip: audit.ip, at: iso(deps.clock.now()) });
  return ended;
}
