import type { ErrorCode } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { findAccountById } from '../accounts/account.repository.ts';

/**
 * Refuses removing a way in when it is the account's last one: no password, and this identity
 * or passkey the only one of both kinds. Called under the account's lock, so two removals at
 * once cannot take the last two.
 */
export async function refuseLastWayIn(trx: DbOrTx, accountId: string, code: ErrorCode): Promise<void> {
  const account = await findAccountById(trx, accountId);
  if (account?.password_hash) return;
  const count = (table: 'sso_identities' | 'passkeys') =>
    trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  if ((await count('sso_identities')) + (await count('passkeys')) <= 1) throw badRequest(code);
}
