import type { ExpressionBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, Database } from '../../db/schema.ts';
import { countMembers, findOwnTeam, lockTeam } from '../teams/team.repository.ts';
import { type AccountAddresses, sentToPerson, wasSentToPerson } from './account-addresses.ts';

// The person's part of teams, for "Download my data" and deleting the account. Only what is
// about the person: other people's addresses and names (members, inviters, invitees) stay out of
// the file, which is made to leave the service (GDPR articles 15(4) and 20(4); decision 020).

/** The teams the account belongs to (its role in each) and the one it owns, without its members. */
export async function exportTeams(db: DbOrTx, account: Account) {
  const memberships = await db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select(['m.team_id as teamId', 't.owner_account_id as ownerId', 'm.role', 'm.created_at as joinedAt'])
    .where('m.account_id', '=', account.id)
    .orderBy('m.created_at')
    .execute();
  const own = await findOwnTeam(db, account.id);
  const pending = own
    ? await db
        .selectFrom('team_invitations')
        .select('id')
        .where('team_id', '=', own.id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute()
    : [];
  return {
    // Its own team first, as the Team section shows them.
    memberships: memberships
      .map(({ ownerId, ...membership }) => ({ ...membership, ownTeam: ownerId === account.id }))
      .sort((a, b) => Number(b.ownTeam) - Number(a.ownTeam)),
    ownTeam: own
      ? {
          teamId: own.id,
          name: own.name,
          createdAt: own.created_at,
          twoFactorRequiredAt: own.two_factor_required_at,
          twoFactorGraceDays: own.two_factor_grace_days,
          members: await countMembers(db, own.id),
          pendingInvitations: pending.length,
        }
      : null,
  };
}

/** Erases the team the account owns (its memberships and invitations with it), then its other memberships. */
export async function eraseTeams(trx: DbOrTx, account: Account): Promise<void> {
  const own = await findOwnTeam(trx, account.id);
  if (own) {
    // Joins and invitations of the team queue behind this transaction (the team's lock).
    await lockTeam(trx, own.id);
    await trx.deleteFrom('team_invitations').where('team_id', '=', own.id).execute();
    await trx.deleteFrom('team_members').where('team_id', '=', own.id).execute();
    await trx.deleteFrom('teams').where('id', '=', own.id).execute();
  }
  await trx.deleteFrom('team_members').where('account_id', '=', account.id).execute();
}

const invitationFields = [
  'team_id as teamId',
  'role',
  'created_at as createdAt',
  'expires_at as expiresAt',
  'accepted_at as acceptedAt',
  'revoked_at as revokedAt',
] as const;

/** Invitations to the person: to an address the account had when they were sent, or taken up by it. */
function toPerson(account: Account, addresses: AccountAddresses) {
  return (eb: ExpressionBuilder<Database, 'team_invitations'>) =>
    eb.or([
      sentToPerson(eb, eb.ref('email_key'), eb.ref('created_at'), addresses),
      eb('accepted_by', '=', account.id),
      eb('claimed_by', '=', account.id),
    ]);
}

/**
 * Invitations the person sent (without the invitee's address) and those sent to them or taken up
 * by them (with the address they went to only when it was the person's: a forwarded invitation
 * names someone else).
 */
export async function exportInvitations(db: DbOrTx, account: Account, addresses: AccountAddresses) {
  const received = await db
    .selectFrom('team_invitations')
    .select(['email', 'email_key', ...invitationFields])
    .where(toPerson(account, addresses))
    .orderBy('created_at')
    .execute();
  return {
    sent: await db
      .selectFrom('team_invitations')
      .select([...invitationFields])
      .where('inviter_account_id', '=', account.id)
      .orderBy('created_at')
      .execute(),
    received: received.map(({ email, email_key: key, ...invitation }) => ({
      email: wasSentToPerson(addresses, key, invitation.createdAt) ? email : null,
      ...invitation,
    })),
  };
}

/**
 * Erases the invitations to the person (pending ones too: they name the address; the team can
 * invite again) and takes the person's name off those it sent to other teams, which stay theirs.
 */
export async function eraseInvitations(trx: DbOrTx, account: Account, addresses: AccountAddresses): Promise<void> {
  await trx.deleteFrom('team_invitations').where(toPerson(account, addresses)).execute();
  await trx.updateTable('team_invitations').set({ inviter_account_id: null }).where('inviter_account_id', '=', account.id).execute();
}
