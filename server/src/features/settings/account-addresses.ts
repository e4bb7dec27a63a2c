import type { DbOrTx } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import { emailKey, findAccountByEmail } from '../accounts/account.repository.ts';

/**
 * The addresses a person's data may sit under, for "Download my data" and deleting the account.
 * An e-mail change leaves two traces in the account's one-time tokens: the "this was not me"
 * token keeps the address the account had, the confirmation token the address it asked for.
 */
export interface AccountAddresses {
  /**
   * Lower-cased: the address now and every address an e-mail change left, but those another
   * account holds by now (mail and invitations to them are that person's).
   */
  had: string[];
  /**
   * Lower-cased: addresses a change asked for that the account never had. Nobody proved them
   * theirs, so only what this account caused there (the confirmation mail) is its data.
   */
  asked: string[];
}

export async function accountAddresses(db: DbOrTx, account: Account): Promise<AccountAddresses> {
  const tokens = await db
    .selectFrom('one_time_tokens')
    .select(['purpose', 'new_email'])
    .where('account_id', '=', account.id)
    .where('purpose', 'in', ['email_change', 'email_change_code', 'email_change_cancel'])
    .execute();
  const had = [account.email_key];
  for (const { new_email: address } of tokens.filter((token) => token.purpose === 'email_change_cancel')) {
    if (address && !had.includes(emailKey(address)) && !(await heldByAnother(db, account, address))) had.push(emailKey(address));
  }
  const asked = new Set<string>();
  for (const { new_email: address } of tokens.filter((token) => token.purpose !== 'email_change_cancel')) {
    if (address && !had.includes(emailKey(address))) asked.add(emailKey(address));
  }
  return { had, asked: [...asked] };
}

async function heldByAnother(db: DbOrTx, account: Account, address: string): Promise<boolean> {
  const holder = await findAccountByEmail(db, address);
  return holder !== undefined && holder.id !== account.id;
}
