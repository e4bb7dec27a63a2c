import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { emailSchema, licensePreview } from './schemas.ts';

// Every account owns one; people join by an e-mailed invitation.
const code = (value: ErrorCode) => ({ error: value });

export const teamRoles = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof teamRoles)[number];
/** The roles an invitation or a role change can give: a team has exactly one owner. */
export const assignableRoles = ['admin', 'member'] as const;
export type AssignableRole = (typeof assignableRoles)[number];
const assignableRole = z.enum(assignableRoles, code('validation.invalid'));

/** Invitations last 7 days; the token in the link is 32 random bytes. */
export const invitationLifetimeDays = 7;

export const teamInviteRequest = z.object({
  email: emailSchema,
  role: assignableRole.default('member'),
  /** The team to invite to; the caller's own team when left out. */
  teamId: z.string().max(64).optional(),
});
export const teamRoleRequest = z.object({ role: assignableRole });
export const invitationTokenSchema = z
  .string(code('invitation.invalid'))
  .min(16, code('invitation.invalid'))
  .max(256, code('invitation.invalid'));

export const teamMemberView = z.object({
  /** The membership's id: what PATCH and DELETE /team/members/{id} take. */
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(teamRoles),
  joinedAt: z.string(),
  /** This membership is the caller's own. */
  you: z.boolean(),
});
export type TeamMemberView = z.infer<typeof teamMemberView>;

export const teamInvitationView = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(assignableRoles),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TeamInvitationView = z.infer<typeof teamInvitationView>;

export const teamView = z.object({
  id: z.string(),
  /** The owner's e-mail: how the product names a team ("the team of …"). */
  ownerEmail: z.string(),
  /** The caller's role in this team. */
  role: z.enum(teamRoles),
  /** The team's license is its owner's. */
  license: licensePreview.nullable(),
  members: z.array(teamMemberView),
  /** Pending invitations; shown to the owner and admins only (empty for members). */
  invitations: z.array(teamInvitationView),
  limits: z.object({ members: z.number(), pendingInvitations: z.number() }),
});
export type TeamView = z.infer<typeof teamView>;

/** Every team the caller belongs to, their own first. */
export const teamsResponse = z.object({ teams: z.array(teamView) });
export type TeamsResponse = z.infer<typeof teamsResponse>;

/** What the invitation screen shows, to the holder of the token only. */
export const invitationPreview = z.object({
  teamOwnerEmail: z.string(),
  /** Who sent it (null once the inviter's account is gone). */
  inviterEmail: z.string().nullable(),
  email: z.string(),
  role: z.enum(assignableRoles),
  expiresAt: z.string(),
  /** Whether the invited address has an account: the screen sends it to sign-in instead of sign-up. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** `otherAddress`: the signed-in account joins although the invitation went to another address (its own "Join"). */
export const invitationAcceptRequest = z.object({ otherAddress: z.boolean().optional() });

export const invitationAccepted = z.object({ teamId: z.string(), teamOwnerEmail: z.string(), role: z.enum(assignableRoles) });

/** The sign-up's answer: with the set-password token when a team invitation proved the address. */
export const signupResponse = z.object({ email: z.string(), token: z.string().optional() });
