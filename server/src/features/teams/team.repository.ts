import { compiledOnce } from '../../db/compiled-query.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Team, TeamInvitation, TeamInvitationsTable, TeamMember, TeamMembersTable, TeamRole } from '../../db/schema.ts';
import { stampOnce } from '../../db/stamp-once.ts';
import { newId } from '../../lib/crypto.ts';

/** Every account owns one team: made with the account (and by migration 0007 for older ones). */
export async function createOwnTeam(db: DbOrTx, accountId: string, now: string): Promise<void> {
  const id = newId();
  const inserted = await db
    .insertInto('teams')
    .values({ id, owner_account_id: accountId, created_at: now })
    .onConflict((oc) => oc.column('owner_account_id').doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows === 1n) {
    await db
      .insertInto('team_members')
      .values({ id: newId(), team_id: id, account_id: accountId, role: 'owner', created_at: now })
      .execute();
  }
}

export function findOwnTeam(db: DbOrTx, accountId: string): Promise<Team | undefined> {
  return db.selectFrom('teams').selectAll().where('owner_account_id', '=', accountId).executeTakeFirst();
}

export function findTeam(db: DbOrTx, teamId: string): Promise<Team | undefined> {
  return db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
}

/** A team with what names it: its own name, and its owner's address and names for the default. */
export function findTeamWithOwner(db: DbOrTx, teamId: string) {
  return db
    .selectFrom('teams as t')
    .innerJoin('accounts as o', 'o.id', 't.owner_account_id')
    .select(['t.id', 't.name', 'o.email as ownerEmail', 'o.first_name as ownerFirstName', 'o.family_name as ownerFamilyName'])
    .where('t.id', '=', teamId)
    .executeTakeFirst();
}

export async function renameTeam(db: DbOrTx, teamId: string, name: string): Promise<void> {
  await db.updateTable('teams').set({ name }).where('id', '=', teamId).execute();
}

export async function setTwoFactorRule(
  db: DbOrTx,
  teamId: string,
  rule: { two_factor_required_at: string | null; two_factor_grace_days: number },
): Promise<void> {
  await db.updateTable('teams').set(rule).where('id', '=', teamId).execute();
}

/**
 * Holds the team's row until the transaction ends: invitations and joins of one team queue up,
 * so the member and invitation limits and the single use of a token hold across instances.
 */
export async function lockTeam(db: DbOrTx, teamId: string): Promise<void> {
  await db
    .updateTable('teams')
    .set((eb) => ({ created_at: eb.ref('created_at') }))
    .where('id', '=', teamId)
    .execute();
}

/** The teams an account belongs to, with its role and the owner's e-mail; its own team first. */
export function findMembershipsOf(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .innerJoin('accounts as o', 'o.id', 't.owner_account_id')
    .select([
      't.id as teamId',
      't.name as teamName',
      't.owner_account_id as ownerId',
      'o.email as ownerEmail',
      'o.first_name as ownerFirstName',
      'o.family_name as ownerFamilyName',
      'm.role',
      'm.id as membershipId',
      't.two_factor_required_at',
      't.two_factor_grace_days',
    ])
    .where('m.account_id', '=', accountId)
    .orderBy((eb) => eb.case().when('m.role', '=', 'owner').then(0).else(1).end())
    .orderBy('m.created_at')
    .execute();
}

export function findMembership(db: DbOrTx, teamId: string, accountId: string): Promise<TeamMember | undefined> {
  return db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).where('account_id', '=', accountId).executeTakeFirst();
}

export function findMembershipById(db: DbOrTx, id: string): Promise<TeamMember | undefined> {
  return db.selectFrom('team_members').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listMembers(db: DbOrTx, teamId: string) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.id', 'm.account_id as accountId', 'm.role', 'm.created_at as joinedAt', 'a.email', 'a.first_name', 'a.family_name'])
    .where('m.team_id', '=', teamId)
    .orderBy((eb) => eb.case().when('m.role', '=', 'owner').then(0).when('m.role', '=', 'admin').then(1).else(2).end())
    .orderBy('m.created_at')
    .execute();
}

export async function countMembers(db: DbOrTx, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function isMemberByEmail(db: DbOrTx, teamId: string, emailKey: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('team_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select('m.id')
    .where('m.team_id', '=', teamId)
    .where('a.email_key', '=', emailKey)
    .executeTakeFirst();
}

/** Adds a membership unless the account already has one in the team; false when it had. */
export async function insertMembership(db: DbOrTx, row: TeamMembersTable): Promise<boolean> {
  const result = await db
    .insertInto('team_members')
    .values(row)
    .onConflict((oc) => oc.columns(['team_id', 'account_id']).doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

export async function setMemberRole(db: DbOrTx, id: string, role: TeamRole): Promise<void> {
  await db.updateTable('team_members').set({ role }).where('id', '=', id).execute();
}

export async function deleteMembership(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('team_members').where('id', '=', id).execute();
}

// Invitations. "Pending" means neither accepted nor revoked (an expired one is still pending,
// and still replaced by a new invitation to the same address).

/** A team's pending invitations, with the inviter's address: what the team screens list. */
function pendingInvitations(db: DbOrTx, teamId: string) {
  return db
    .selectFrom('team_invitations as i')
    .leftJoin('accounts as a', 'a.id', 'i.inviter_account_id')
    .select(['i.id', 'i.email', 'i.role', 'i.created_at', 'i.expires_at', 'a.email as inviterEmail'])
    .where('i.team_id', '=', teamId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null);
}

export function listPendingInvitations(db: DbOrTx, teamId: string) {
  return pendingInvitations(db, teamId).orderBy('i.created_at', 'desc').execute();
}

/** The live (unexpired) pending invitation of an address, if any. */
export function findLivePendingFor(db: DbOrTx, teamId: string, emailKey: string, now: string) {
  return pendingInvitations(db, teamId).where('i.email_key', '=', emailKey).where('i.expires_at', '>', now).executeTakeFirst();
}

export async function countLiveInvitations(db: DbOrTx, teamId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('team_invitations')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findPendingInvitation(db: DbOrTx, id: string): Promise<TeamInvitation | undefined> {
  return db
    .selectFrom('team_invitations')
    .selectAll()
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function findInvitationByHash(db: DbOrTx, tokenHash: string): Promise<TeamInvitation | undefined> {
  return db.selectFrom('team_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function insertInvitation(db: DbOrTx, row: TeamInvitationsTable): Promise<void> {
  await db.insertInto('team_invitations').values(row).execute();
}

/** Revokes the pending invitation of an address, if any (a new one replaces it). */
export async function revokePendingFor(db: DbOrTx, teamId: string, emailKey: string, now: string): Promise<void> {
  await db
    .updateTable('team_invitations')
    .set({ revoked_at: now })
    .where('team_id', '=', teamId)
    .where('email_key', '=', emailKey)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeInvitation(db: DbOrTx, id: string, now: string): Promise<boolean> {
  return stampOnce(db, 'team_invitations', 'revoked_at', now, { id }, ['accepted_at']);
}

/** A resend: a new token and a new expiry; the old link stops working. */
export async function renewInvitation(db: DbOrTx, id: string, tokenHash: string, expiresAt: string): Promise<void> {
  await db.updateTable('team_invitations').set({ token_hash: tokenHash, expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Uses the invitation once: false when it was accepted, revoked or expired meanwhile. */
export async function markAccepted(db: DbOrTx, id: string, accountId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('team_invitations')
    .set({ accepted_at: now, accepted_by: accountId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Remembers the invitation on the account; false when another account claimed it first (a claim is never overwritten). */
export async function markClaimed(db: DbOrTx, id: string, accountId: string): Promise<boolean> {
  const result = await db
    .updateTable('team_invitations')
    .set({ claimed_by: accountId })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', accountId)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function findClaimedInvitations(db: DbOrTx, accountId: string, now: string): Promise<TeamInvitation[]> {
  return db
    .selectFrom('team_invitations')
    .selectAll()
    .where('claimed_by', '=', accountId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

const joinedTeamLicenses = compiledOnce((db: DbOrTx, accountId: string) =>
  db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .innerJoin('accounts as o', 'o.id', 't.owner_account_id')
    .innerJoin('licenses as l', 'l.account_id', 't.owner_account_id')
    .selectAll('l')
    .select([
      't.id as teamId',
      't.name as teamName',
      'o.email as ownerEmail',
      'o.first_name as ownerFirstName',
      'o.family_name as ownerFamilyName',
    ])
    .where('m.account_id', '=', accountId)
    .where('m.role', '<>', 'owner')
    .orderBy('m.created_at'),
);

/**
 * The licenses of the teams an account joined (not its own team), with the team and its owner's
 * e-mail, earliest membership first: a team's license is its owner's. GET /session asks on every
 * call, so the query is compiled once.
 */
export function findJoinedTeamLicenses(db: DbOrTx, accountId: string) {
  return joinedTeamLicenses(db, accountId);
}
