import type { DbOrTx } from '../../db/database.ts';
import type { AuthEventType } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

export type { AuthEventType } from '../../db/schema.ts';

/** The audit log of authentication events; never holds secrets, only what happened to whom. */
export async function recordAuthEvent(
  db: DbOrTx,
  event: { accountId: string | null; type: AuthEventType; ip: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('auth_events')
    .values({ id: newId(), account_id: event.accountId, type: event.type, ip: event.ip, created_at: event.at })
    .execute();
}
