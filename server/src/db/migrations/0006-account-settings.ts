import type { Kysely } from 'kysely';

// Account settings: an e-mail change waits in a one-time token (link or code) until the new
// address is verified; the token carries that address, so nothing changes before then.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('one_time_tokens').addColumn('new_email', 'text').execute();
}
