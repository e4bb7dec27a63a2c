import type { DbOrTx } from '../../db/database.ts';
import type { Passkey, PasskeyPurpose, PasskeysTable } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

export function listPasskeys(db: DbOrTx, accountId: string): Promise<Passkey[]> {
  return db.selectFrom('passkeys').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
}

export function findPasskeyByCredential(db: DbOrTx, credentialId: string): Promise<Passkey | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(db: DbOrTx, passkey: PasskeysTable): Promise<void> {
  await db.insertInto('passkeys').values(passkey).execute();
}

export async function updatePasskey(
  db: DbOrTx,
  accountId: string,
  id: string,
  patch: Partial<Pick<PasskeysTable, 'name' | 'counter' | 'backed_up' | 'last_used_at'>>,
): Promise<boolean> {
  const result = await db.updateTable('passkeys').set(patch).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Records a sign-in's use of a passkey, only while its counter is still the one the sign-in was judged against. */
export async function advancePasskey(
  db: DbOrTx,
  judged: Pick<PasskeysTable, 'id' | 'counter'>,
  patch: Pick<PasskeysTable, 'counter' | 'backed_up' | 'last_used_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set(patch)
    .where('id', '=', judged.id)
    .where('counter', '=', judged.counter)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deletePasskey(db: DbOrTx, accountId: string, id: string): Promise<void> {
  await db.deleteFrom('passkeys').where('id', '=', id).where('account_id', '=', accountId).execute();
}

export interface KeptChallenge {
  browserHash: string;
  purpose: PasskeyPurpose;
  host: string;
  challenge: string;
  accountId: string | null;
}

/** Keeps a ceremony's challenge, dropping every expired one on the way (they are few and short-lived). */
export async function insertChallenge(db: DbOrTx, kept: KeptChallenge, now: string, expiresAt: string): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', now).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      id: newId(),
      browser_hash: kept.browserHash,
      purpose: kept.purpose,
      host: kept.host,
      challenge: kept.challenge,
      account_id: kept.accountId,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute();
}

/**
 * Takes a challenge for good: the delete is the single use, so a second answer to the same
 * challenge (a replay, or the same answer sent twice) finds nothing, whatever else it carries.
 */
export async function deleteChallenge(db: DbOrTx, kept: Omit<KeptChallenge, 'accountId'>, now: string) {
  return db
    .deleteFrom('passkey_challenges')
    .where('browser_hash', '=', kept.browserHash)
    .where('purpose', '=', kept.purpose)
    .where('host', '=', kept.host)
    .where('challenge', '=', kept.challenge)
    .where('expires_at', '>=', now)
    .returning(['account_id'])
    .executeTakeFirst();
}
