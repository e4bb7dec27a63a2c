import { z } from 'zod';
import { emailLocalPart } from './email.ts';
import type { ErrorCode } from './errors.ts';
import { checkTeamName } from './names.ts';
import { emailSchema, licensePreview, personNameSchema } from './schemas.ts';
import { teamInviteBatchMax, twoFactorGraceMaxDays } from './team-limits.ts';

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

/** A team's name, trimmed; its rules are checkTeamName's, which the browser runs too. */
export const teamNameSchema = z
  .string(code('team.name_required'))
  .trim()
  .transform((name, ctx) => {
    const result = checkTeamName(name);
    if (result.ok) return result.name;
    ctx.addIssue({ code: 'custom', message: result.code });
    return z.NEVER;
  });

const graceDays = z
  .number(code('team.two_factor_grace_invalid'))
  .int(code('team.two_factor_grace_invalid'))
  .min(0, code('team.two_factor_grace_invalid'))
  .max(twoFactorGraceMaxDays, code('team.two_factor_grace_invalid'));

/**
 * PATCH /team (owner and admins; the caller's own team when teamId is left out): names the team,
 * and turns its two-factor requirement on or off with the members' grace period in days.
 */
export const teamUpdateRequest = z
  .object({
    name: teamNameSchema.optional(),
    requireTwoFactor: z.boolean(code('validation.invalid')).optional(),
    graceDays: graceDays.optional(),
    teamId: z.string().max(64).optional(),
  })
  .refine((body) => body.name !== undefined || body.requireTwoFactor !== undefined || body.graceDays !== undefined, {
    ...code('validation.invalid'),
    path: ['name'],
  });
export type TeamUpdateRequest = z.infer<typeof teamUpdateRequest>;

/**
 * The name a team goes by until someone names it: its owner's full name, or, without one, the
 * local part of the owner's address (decision 040). Screens and mails put it in their own
 * words ("Grace Hopper’s team"). A part the profile form would now refuse (given before names
 * were checked) is left out: the name goes into invitation mails.
 */
export function ownerDisplayName(owner: { firstName: string | null; familyName: string | null; email: string }): string {
  const name = [owner.firstName, owner.familyName]
    .map((part) => part?.trim())
    .filter((part) => part && personNameSchema.safeParse(part).success)
    .join(' ');
  return name || emailLocalPart(owner.email);
}

/** POST /team/invitations/batch: the addresses as typed; each is checked and answered on its own. */
export const teamInviteBatchRequest = z.object({
  emails: z
    .array(z.string().max(320), code('validation.invalid'))
    .min(1, code('validation.email_invalid'))
    .max(teamInviteBatchMax, code('team.invitation_limit')),
  role: assignableRole.default('member'),
  teamId: z.string().max(64).optional(),
});
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
  /** Whether the member has a second factor to sign in with: shown to the owner and admins only. */
  twoFactor: z.boolean().optional(),
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

/**
 * A team's two-factor requirement as the caller meets it (decision 047). Past the deadline, a
 * session not proved with two factors gets neither the team's members, invitations nor license
 * (`withheld`), until the person signs in with a second factor.
 */
export const teamTwoFactorView = z.object({
  required: z.boolean(),
  graceDays: z.number(),
  /** When the grace ends for every member, however and whenever they joined; null when not required. */
  deadline: z.string().nullable(),
  /** Whether the caller's current session was proved with two factors, or the team requires none. */
  complies: z.boolean(),
  withheld: z.boolean(),
});
export type TeamTwoFactorView = z.infer<typeof teamTwoFactorView>;

export const teamView = z.object({
  id: z.string(),
  /** The name the owner or an admin gave the team; null until then (screens show ownerName's default). */
  name: z.string().nullable(),
  /** The owner's full name, or the local part of their address: what an unnamed team is called after. */
  ownerName: z.string(),
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
  twoFactor: teamTwoFactorView,
});
export type TeamView = z.infer<typeof teamView>;

/** Every team the caller belongs to, their own first. */
export const teamsResponse = z.object({ teams: z.array(teamView) });
export type TeamsResponse = z.infer<typeof teamsResponse>;

/** What became of each address of a batch invitation, in the order sent. */
export const teamInviteOutcomes = ['invited', 'already_member', 'already_invited', 'invalid', 'failed'] as const;
export const teamInviteResult = z.object({
  /** The address as sent, or normalised when it was valid. */
  email: z.string(),
  outcome: z.enum(teamInviteOutcomes),
  /** Why, for every outcome but `invited`. */
  code: z.string().optional(),
  /** The pending invitation: the new one, or for `already_invited` the one to resend. */
  invitation: teamInvitationView.optional(),
});
export type TeamInviteResult = z.infer<typeof teamInviteResult>;
export const teamInviteBatchResponse = z.object({ results: z.array(teamInviteResult) });
export type TeamInviteBatchResponse = z.infer<typeof teamInviteBatchResponse>;

/** What the invitation screen shows, to the holder of the token only. */
export const invitationPreview = z.object({
  teamOwnerEmail: z.string(),
  teamName: z.string().nullable(),
  teamOwnerName: z.string(),
  /** The inviter's full name, when they gave one. */
  inviterName: z.string().nullable(),
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
