import { ownerDisplayName, personNameSchema, type TeamInvitationView, type TeamMemberView } from '@gatehouse/contract';
import type { TeamInvitation, TeamRole } from '../../db/schema.ts';

/** The one place team rows become API fields. */
export function toMemberView(
  row: {
    id: string;
    accountId: string;
    role: TeamRole;
    joinedAt: string;
    email: string;
    first_name: string | null;
    family_name: string | null;
  },
  callerId: string,
  enrolled?: ReadonlySet<string>,
): TeamMemberView {
  const view = {
    id: row.id,
    email: row.email,
    name: fullNameOf(row),
    role: row.role,
    joinedAt: row.joinedAt,
    you: row.accountId === callerId,
  };
  return enrolled ? { ...view, twoFactor: enrolled.has(row.accountId) } : view;
}

export function toInvitationView(
  row: Pick<TeamInvitation, 'id' | 'email' | 'role' | 'created_at' | 'expires_at'> & { inviterEmail: string | null },
  now: Date,
): TeamInvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.inviterEmail,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expired: row.expires_at <= now.toISOString(),
  };
}

/** What names a team: the name it was given (or null) and its owner's name, the default's. */
export function toTeamNames(row: {
  teamName: string | null;
  ownerEmail: string;
  ownerFirstName: string | null;
  ownerFamilyName: string | null;
}): { name: string | null; ownerName: string } {
  return {
    name: row.teamName,
    ownerName: ownerDisplayName({ firstName: row.ownerFirstName, familyName: row.ownerFamilyName, email: row.ownerEmail }),
  };
}

/**
 * A person as a mail names them: their name and address, or the address alone, also for a name
 * given before names were checked that the profile form would now refuse.
 */
export function personInMail(account: { email: string; first_name: string | null; family_name: string | null }): string {
  const safe = [account.first_name, account.family_name].every((part) => part === null || personNameSchema.safeParse(part).success);
  const name = safe && fullNameOf(account);
  return name ? `${name} (${account.email})` : account.email;
}

/** The name a person gave in their profile, or null. */
export function fullNameOf(account: { first_name: string | null; family_name: string | null }): string | null {
  return [account.first_name, account.family_name].filter(Boolean).join(' ') || null;
}
