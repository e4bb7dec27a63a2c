import type { TeamInvitationView, TeamMemberView } from '@gatehouse/contract';
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
): TeamMemberView {
  const name = [row.first_name, row.family_name].filter(Boolean).join(' ');
  return { id: row.id, email: row.email, name: name || null, role: row.role, joinedAt: row.joinedAt, you: row.accountId === callerId };
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
