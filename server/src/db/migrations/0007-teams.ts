import { type Kysely, sql } from 'kysely';

// Teams: every account owns one (made with the account, and here for the accounts that exist),
// memberships with a role, and invitations whose token is stored only as its SHA-256.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_account_id', 'text', (c) => c.notNull().unique().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('team_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One membership per person and team: the last guard of the single-use invitation.
    .addUniqueConstraint('team_members_team_account_uq', ['team_id', 'account_id'])
    .execute();
  await db.schema.createIndex('team_members_account_idx').on('team_members').column('account_id').execute();

  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('inviter_account_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('revoked_at', 'text')
    // A sign-up from the invitation that has not set its password yet: it joins when it does.
    .addColumn('claimed_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .execute();
  // One pending invitation per (team, address): a new one replaces the old one.
  await db.schema
    .createIndex('team_invitations_pending_uq')
    .on('team_invitations')
    .columns(['team_id', 'email_key'])
    .unique()
    .where(sql.ref('accepted_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await db.schema.createIndex('team_invitations_claimed_idx').on('team_invitations').column('claimed_by').execute();

  // The accounts that exist get their team now; new ones get it with the account.
  const accounts = await sql<{ id: string; created_at: string }>`select id, created_at from accounts`.execute(db);
  for (const account of accounts.rows) {
    const teamId = crypto.randomUUID();
    await sql`insert into teams (id, owner_account_id, created_at) values (${teamId}, ${account.id}, ${account.created_at})`.execute(db);
    await sql`insert into team_members (id, team_id, account_id, role, created_at)
      values (${crypto.randomUUID()}, ${teamId}, ${account.id}, 'owner', ${account.created_at})`.execute(db);
  }
}
