import type { Kysely } from 'kysely';

// Teams and single sign-on: a sign-up or sign-in started from a team invitation keeps the
// invitation with the flow (its token's SHA-256, as team_invitations holds it), so the callback
// joins the team in the transaction that creates or signs in the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sso_flows').addColumn('invitation_hash', 'text').execute();
}
