import type { DbOrTx } from '../../db/database.ts';
import { hasVerifyingPasskey } from '../passkeys/passkey.repository.ts';

/**
 * Whether the account has a second factor to sign in with: a confirmed authenticator, or a passkey
 * made with the person verified on the device (it proves two factors alone, decision 048). What a team
 * that requires two-factor asks its members to have (decision 046); whether the current session
 * used it is the session's `amr` (decision 045).
 */
export async function hasSecondFactor(db: DbOrTx, accountId: string): Promise<boolean> {
  const totp = await db
    .selectFrom('totp_factors')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return totp !== undefined || (await hasVerifyingPasskey(db, accountId));
}
