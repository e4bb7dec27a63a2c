import type { DbOrTx } from '../../db/database.ts';
import { recoveryCodesLeft } from './recovery-codes.ts';

/**
 * Whether the account has a second factor to sign in with: a confirmed authenticator. What a team
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
  return totp !== undefined;
}

/** What the settings show: whether two-factor is on, and how many recovery codes are left. */
export async function twoFactorState(db: DbOrTx, accountId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const enabled = await hasSecondFactor(db, accountId);
  return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, accountId) : 0 };
}
