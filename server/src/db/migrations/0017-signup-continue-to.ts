import type { Kysely } from 'kysely';

// Where a pending sign-up continues once finished: the app sign-in it was started from
// (/oidc/interaction/:uid), handed back with the choices to whoever proves the address, so a
// verification link opened in another tab still ends at the app (decision 039).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('signup_choices').addColumn('continue_to', 'text').execute();
}
