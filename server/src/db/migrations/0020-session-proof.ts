import type { Kysely } from 'kysely';

// How each session was proved, as RFC 8176 amr values separated by spaces ("pwd", "pwd otp mfa",
// "fed"): the OpenID tokens carry them, and the rules that ask for a second factor read them from
// the session at every request instead of trusting a flag set at sign-in (decision 045). Sessions
// from before knew one factor at most.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('amr', 'text', (c) => c.notNull().defaultTo('pwd'))
    .execute();
}
