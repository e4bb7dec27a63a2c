import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import { emailKey, findAccountByEmail } from '../accounts/account.repository.ts';

/**
 * The addresses a person's data may sit under, for "Download my data" and deleting the account.
 * An e-mail change leaves two traces in the account's one-time tokens: the "this was not me"
 * token keeps the address the account had, the confirmation token the address it asked for.
 */
export interface AccountAddresses {
  /** Lower-cased: the address now; everything sent to it is the person's. */
  current: string;
  /**
   * Lower-cased: every address an e-mail change left, with when the account left it, but those
   * another account holds by now. Only what was sent there until then is the person's: mail or
   * invitations to it later are for whoever uses it next.
   */
  former: { key: string; until: string }[];
  /**
   * Lower-cased: addresses a change asked for that the account never had. Nobody proved them
   * theirs, so only what this account caused there (the confirmation mail) is its data.
   */
  asked: string[];
}

export async function accountAddresses(db: DbOrTx, account: Account): Promise<AccountAddresses> {
  const tokens = await db
    .selectFrom('one_time_tokens')
    .select(['purpose', 'new_email', 'created_at', 'consumed_at'])
    .where('account_id', '=', account.id)
    .where('purpose', 'in', ['email_change', 'email_change_code', 'email_change_cancel'])
    .execute();
  const confirmedAt = tokens.flatMap((token) => (token.purpose !== 'email_change_cancel' && token.consumed_at ? [token.consumed_at] : []));
  const former = new Map<string, string>();
  for (const { new_email: address, created_at: requested } of tokens.filter((token) => token.purpose === 'email_change_cancel')) {
    const key = address ? emailKey(address) : undefined;
    if (!address || !key || key === account.email_key || (await heldByAnother(db, account, address))) continue;
    // The cancel token keeps the address a change was asked from; the first change confirmed after that left it.
    const left = confirmedAt.filter((at) => at >= requested).sort()[0];
    if (left && left > (former.get(key) ?? '')) former.set(key, left);
  }
  const had = new Set([account.email_key, ...former.keys()]);
  const asked = new Set<string>();
  for (const { new_email: address } of tokens.filter((token) => token.purpose !== 'email_change_cancel')) {
    if (address && !had.has(emailKey(address))) asked.add(emailKey(address));
  }
  return { current: account.email_key, former: [...former].map(([key, until]) => ({ key, until })), asked: [...asked] };
}

/** Whether something sent to `key` at `createdAt` was sent to the person. */
export function wasSentToPerson(addresses: AccountAddresses, key: string, createdAt: string): boolean {
  return key === addresses.current || addresses.former.some((former) => former.key === key && createdAt <= former.until);
}

/** The same test in SQL: to the address now, or to an earlier one while the account had it. */
export function sentToPerson<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  to: Expression<string>,
  createdAt: Expression<string>,
  addresses: AccountAddresses,
): Expression<SqlBool> {
  return eb.or([
    eb(to, '=', addresses.current),
    ...addresses.former.map(({ key, until }) => eb.and([eb(to, '=', key), eb(createdAt, '<=', until)])),
  ]);
}

async function heldByAnother(db: DbOrTx, account: Account, address: string): Promise<boolean> {
  const holder = await findAccountByEmail(db, address);
  return holder !== undefined && holder.id !== account.id;
}
