import type { DbOrTx } from '../db/database.ts';
import type { MailOutboxTable, OutboxMail } from '../db/schema.ts';

export async function insertMail(db: DbOrTx, mail: MailOutboxTable): Promise<void> {
  await db.insertInto('mail_outbox').values(mail).execute();
}

export function findDueMails(db: DbOrTx, now: string, limit: number): Promise<OutboxMail[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Claims one mail for sending; false when another instance claimed it first. */
export async function claimMail(db: DbOrTx, id: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ locked_until: until })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks a mail sent; its bodies (links, codes) are blanked unless the dev mailbox still shows them. */
export async function markSent(db: DbOrTx, id: string, now: string, keepBody = false): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: now, locked_until: null, last_error: null, ...(keepBody ? {} : { text_body: '', html_body: '' }) })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: DbOrTx, id: string, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ attempts, next_attempt_at: nextAttemptAt, locked_until: null, last_error: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

export function listMails(db: DbOrTx, to: string | undefined, limit: number): Promise<OutboxMail[]> {
  let query = db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit);
  if (to) query = query.where('to_address', '=', to);
  return query.execute();
}

export async function countPendingMails(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// A goodbye mail leaves no trace of a deleted account once it is out.
export async function deleteMail(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
}
