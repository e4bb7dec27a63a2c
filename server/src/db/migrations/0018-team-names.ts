import type { Kysely } from 'kysely';

// A team's name, set by its owner or admins. Empty (null) means the default: the team is named
// after its owner's name, or the local part of the owner's address (decision 040).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').addColumn('name', 'text').execute();
}
