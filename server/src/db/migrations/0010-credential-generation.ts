import type { Kysely } from 'kysely';

// A session is only good for the credential it was started with (decision 029): every password
// write, disable and "this was not me" bumps the account's generation, each session keeps the
// generation it was started under, and the session lookup compares the two.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('credential_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('credential_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
