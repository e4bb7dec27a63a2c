import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { iso } from '../../lib/clock.ts';
import { type AuthEventType, recordAuthEvent } from '../audit/audit.repository.ts';
import { grantSids, queueLogouts } from '../oidc/oidc-logout.repository.ts';
import { emitEvent } from '../webhooks/emit.ts';
import { deleteSessions, type SessionScope, sessionIdsInScope } from './session.repository.ts';

export type { SessionScope };

/** The audit event of an ending that is the point of the call; a password write or deletion records its own. */
export interface EndingAudit {
  type: Extract<AuthEventType, 'signout' | 'session_ended' | 'sessions_ended'>;
  ip: string | null;
}

/**
 * The one way sessions end: sign-out, one device, the other devices, a password write, "this was
 * not me", the CLI's disable and an account's deletion all call it, inside their own transaction.
 * What must follow the end of a session is done here, once: the audit event, and a back-channel
 * logout owed to every app those sessions signed in to (written before the sessions' grants go
 * with them, committed or not with the end itself; decision 038).
 */
export async function endSessions(
  trx: DbOrTx,
  deps: { clock: Clock },
  accountId: string,
  scope: SessionScope,
  audit?: EndingAudit,
): Promise<string[]> {
  const now = iso(deps.clock.now());
  const sessionIds = await sessionIdsInScope(trx, accountId, scope);
  await queueLogouts(trx, sessionIds, now);
  // The monitoring backend hears of each app sign-in that ended by its sid, as the apps do.
  for (const sid of await grantSids(trx, sessionIds)) await emitEvent(trx, deps.clock, 'session.ended', { accountId, sid });
  const ended = await deleteSessions(trx, accountId, scope);
  if (audit) await recordAuthEvent(trx, { accountId, type: audit.type, ip: audit.ip, at: now });
  return ended;
}
