import type { DbOrTx } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import type { AccountAddresses } from './account-addresses.ts';

/**
 * Everything stored about a person, table by table: what "Download my data" exports and what
 * deleting the account erases, in one list so the two cannot drift apart. A feature that adds a
 * table holding account data adds it to an entry's `tables` (or a new entry); the deletion tests
 * fail while a table that references an account is in none, and prove its rows are gone. Entries
 * erase in this order, before the account row itself (foreign keys point at it).
 */
export interface AccountDataPart {
  /** Its key in the exported JSON file. */
  name: string;
  /** The tables whose rows about the person this part exports and erases. */
  tables: string[];
  /** The rows as the person should read them; undefined leaves the part out of the export. */
  export?(db: DbOrTx, account: Account, addresses: AccountAddresses): Promise<unknown>;
  erase(trx: DbOrTx, account: Account, addresses: AccountAddresses): Promise<void>;
}
