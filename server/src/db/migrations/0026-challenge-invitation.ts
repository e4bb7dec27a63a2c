import type { Kysely } from 'kysely';

// A single sign-on started from a team invitation that must wait for the second factor keeps the
// invitation's hash (as its flow did) with the challenge, so the account joins once the code is in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('two_factor_challenges').addColumn('invitation_hash', 'text').execute();
}
