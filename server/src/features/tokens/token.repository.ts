import type { DbOrTx } from '../../db/database.ts';
import type { OneTimeToken, OneTimeTokensTable, TokenPurpose } from '../../db/schema.ts';
import { stampOnce } from '../../db/stamp-once.ts';

export async function insertToken(db: DbOrTx, token: OneTimeTokensTable): Promise<void> {
  await db.insertInto('one_time_tokens').values(token).execute();
}

/** A live token: right purpose, not used, not expired. */
export function findLiveToken(db: DbOrTx, tokenHash: string, purpose: TokenPurpose, now: string): Promise<OneTimeToken | undefined> {
  return db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** A token in any state (used, replaced, expired): to tell the holder of a mailed link what became of it. */
export function findAnyToken(db: DbOrTx, tokenHash: string, purpose: TokenPurpose): Promise<OneTimeToken | undefined> {
  return db.selectFrom('one_time_tokens').selectAll().where('token_hash', '=', tokenHash).where('purpose', '=', purpose).executeTakeFirst();
}

/** Marks one token used; false when another request used it first. */
export async function consumeToken(db: DbOrTx, id: string, now: string): Promise<boolean> {
  return stampOnce(db, 'one_time_tokens', 'consumed_at', now, { id });
}

/** Ends every unused token of these purposes (a newer token or a password change kills older ones). */
export async function revokeTokens(db: DbOrTx, accountId: string, purposes: TokenPurpose[], now: string): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ consumed_at: now })
    .where('account_id', '=', accountId)
    .where('purpose', 'in', purposes)
    .where('consumed_at', 'is', null)
    .execute();
}
