import type { DbOrTx } from '../../db/database.ts';

/**
 * Whether two-factor authentication is on: a confirmed authenticator app, whose code every way in
 * that proves one factor is then asked for, and which recovery codes stand in for (decision 046).
 */
export async function hasAuthenticator(db: DbOrTx, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('totp_factors')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the account can prove a second factor: a confirmed authenticator, or a passkey made
 * with the person verified on the device (it proves two factors alone, decision 048). What a team
 * that requires two-factor asks its members to have (decision 047); whether the current session
 * used it is the session's `amr` (decision 045). A passkey alone does not turn two-factor on: a
 * sign-in with the password is not asked for it, as it could not answer with a code.
 */
export async function hasSecondFactor(db: DbOrTx, accountId: string): Promise<boolean> {
  return (await accountsWithSecondFactor(db, [accountId])).has(accountId);
}

/** Which of these accounts have a second factor, in one query: what a team's member list shows. */
export async function accountsWithSecondFactor(db: DbOrTx, accountIds: readonly string[]): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('totp_factors')
    .select('account_id')
    .where('account_id', 'in', accountIds)
    .where('confirmed_at', 'is not', null)
    .union(db.selectFrom('passkeys').select('account_id').where('account_id', 'in', accountIds).where('user_verified', '=', 1))
    .execute();
  return new Set(rows.map((row) => row.account_id));
}
