import type { BrandView } from '@gatehouse/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { getBrand, mailBrand } from '../features/brands/brand.service.ts';
import { enqueueMail, type MailRequest } from './outbox.ts';

/** Writes one mail to the outbox inside the transaction, in the brand of the host the call came to. */
export type WriteMail = (mail: Omit<MailRequest, 'brand'>) => Promise<void>;

/**
 * A transaction whose change mails someone: the brand of the host is read before it (outside
 * the lock; `work` gets it for the brand's default language), every mail is written in it (both
 * commit or neither does), and the outbox is woken once it committed, so the mail leaves at once
 * instead of at the next poll. It is woken whether or not this call wrote a mail: an address
 * that gets none must cost the same work as one that does (decision 005).
 */
export async function withMail<T>(
  deps: Pick<Deps, 'db' | 'config' | 'clock' | 'secrets' | 'mailWritten'>,
  host: string,
  work: (trx: Transaction<Database>, mail: WriteMail, brand: BrandView) => Promise<T>,
): Promise<T> {
  const brand = await getBrand(deps.db, deps.config, host);
  const sender = mailBrand(brand);
  const result = await deps.db
    .transaction()
    .execute((trx) => work(trx, (mail) => enqueueMail(trx, deps, { ...mail, brand: sender }), brand));
  deps.mailWritten();
  return result;
}
