import {
  type AssignableRole,
  type BrandView,
  type ErrorCode,
  invitationLifetimeDays,
  languageOr,
  normalizeEmail,
  screenUrl,
  type TeamInvitationView,
  type TeamInviteResult,
  type TeamsResponse,
  type TeamUpdateRequest,
  twoFactorGraceDefaultDays,
} from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, Session, TeamMember } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { addMs, iso } from '../../lib/clock.ts';
import { newId, randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { type WriteMail, withMail } from '../../mail/mail-transaction.ts';
import { emailKey, findAccountById } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { accountsWithSecondFactor } from '../auth/factors.ts';
import { findLicenseByAccount } from '../licenses/license.repository.ts';
import { toLicensePreview } from '../licenses/license.service.ts';
import { holderAndTeam, syncEntitlements } from '../webhooks/account-events.ts';
import { emitEvent } from '../webhooks/emit.ts';
import { personInMail, toInvitationView, toMemberView, toTeamNames } from './team.mapper.ts';
import {
  countLiveInvitations,
  countMembers,
  deleteMembership,
  findLivePendingFor,
  findMembership,
  findMembershipById,
  findMembershipsOf,
  findOwnTeam,
  findPendingInvitation,
  findTeam,
  findTeamWithOwner,
  insertInvitation,
  isMemberByEmail,
  listMembers,
  listPendingInvitations,
  lockTeam,
  revokeInvitation as markRevoked,
  renameTeam as rename,
  renewInvitation,
  revokePendingFor,
  setMemberRole,
  setTwoFactorRule,
} from './team.repository.ts';
import { refuseWithheld, twoFactorStateOf } from './team-two-factor.ts';

const lifetimeMs = invitationLifetimeDays * 86_400_000;
const forbidden = () => new AppError(403, 'team.forbidden');
const canManage = (role: string) => role === 'owner' || role === 'admin';

/** The caller of a team call: the account and the session it signed in with, whose proof the team's rule reads. */
export interface TeamCaller {
  account: Account;
  session: Session;
}

/**
 * Every team the account belongs to (its own first), as the account page shows them. A team
 * withheld from this session (decision 047) shows its name, its rule and the caller's own
 * membership (so they can leave it) only: no other member, invitation or license.
 */
export async function listTeams(deps: Deps, { account, session }: TeamCaller): Promise<TeamsResponse> {
  // Reads only: every way in makes the account's own team in the transaction that makes the account.
  const now = deps.clock.now();
  const teams = [];
  for (const membership of await findMembershipsOf(deps.db, account.id)) {
    const twoFactor = twoFactorStateOf(membership, session, now);
    const shown = !twoFactor.withheld;
    const manager = canManage(membership.role);
    const everyone = await listMembers(deps.db, membership.teamId);
    const members = shown ? everyone : everyone.filter((member) => member.accountId === account.id);
    const invitations = shown && manager ? await listPendingInvitations(deps.db, membership.teamId) : [];
    const license = shown ? await findLicenseByAccount(deps.db, membership.ownerId) : undefined;
    // Whether each member has a second factor: for those who enforce the rule, never a secret of it.
    const enrolled = manager
      ? await accountsWithSecondFactor(
          deps.db,
          members.map((member) => member.accountId),
        )
      : undefined;
    teams.push({
      id: membership.teamId,
      ...toTeamNames(membership),
      ownerEmail: membership.ownerEmail,
      role: membership.role,
      license: license ? toLicensePreview(license, now) : null,
      members: members.map((member) => toMemberView(member, account.id, enrolled)),
      invitations: invitations.map((invitation) => toInvitationView(invitation, now)),
      limits: { members: deps.config.teams.maxMembers, pendingInvitations: deps.config.teams.maxPendingInvitations },
      twoFactor,
    });
  }
  return { teams };
}

/**
 * The team a call manages: the one named, or the caller's own; only its owner and admins manage
 * it, and not past the team's two-factor deadline without a second factor (decision 047).
 */
async function requireManagedTeam(deps: Deps, caller: TeamCaller, teamId: string | undefined): Promise<string> {
  const id = teamId ?? (await findOwnTeam(deps.db, caller.account.id))?.id;
  const membership = id && (await findMembership(deps.db, id, caller.account.id));
  if (!id || !membership) throw notFound('team.not_found');
  await refuseWithheldTeam(deps, deps.db, id, caller.session);
  if (!canManage(membership.role)) throw forbidden();
  return id;
}

async function refuseWithheldTeam(deps: Deps, db: DbOrTx, teamId: string, session: Session): Promise<void> {
  const team = await findTeam(db, teamId);
  if (team) refuseWithheld(team, session, deps.clock.now());
}

/** The invitation mail: in the inviter's language, with the brand of the host it was made on. */
async function mailInvitation(
  deps: Deps,
  trx: DbOrTx,
  mail: WriteMail,
  brand: BrandView,
  inviter: Account,
  teamId: string,
  invitation: { email: string; token: string; expiresAt: string },
): Promise<void> {
  const team = await findTeamWithOwner(trx, teamId);
  const names = team && toTeamNames({ ...team, teamName: team.name });
  await mail({
    to: invitation.email,
    kind: 'team_invitation',
    language: languageOr(inviter.locale, brand.defaultLanguage),
    params: {
      link: screenUrl(deps.config.publicUrl, 'signup', { invitation: invitation.token }),
      inviter: personInMail(inviter),
      team: names?.ownerName ?? inviter.email,
      ...(names?.name ? { teamName: names.name } : {}),
      expiresAt: invitation.expiresAt,
    },
  });
}

/**
 * Invites an address to a team. The answer is the same whether or not the address has an
 * account; an address already in the team is refused; a pending invitation of the address is
 * replaced. Rate-limited per address (like every mail) and per inviting account.
 */
export async function inviteToTeam(
  deps: Deps,
  auth: TeamCaller,
  input: { email: string; role: AssignableRole; teamId?: string },
  caller: Caller,
): Promise<TeamInvitationView> {
  const teamId = await requireManagedTeam(deps, auth, input.teamId);
  return sendInvitation(deps, auth.account, teamId, input, caller, { replacePending: true });
}

/**
 * Invites several addresses at once, each answered on its own and in the order sent: invited,
 * already a member, already invited (with that invitation, to resend), invalid, or why it failed
 * (a limit). Like the single invitation it says nothing of accounts outside the team; an address
 * already invited keeps its link, since the batch cannot know whether a new one is wanted.
 */
export async function inviteManyToTeam(
  deps: Deps,
  auth: TeamCaller,
  input: { emails: string[]; role: AssignableRole; teamId?: string },
  caller: Caller,
): Promise<TeamInviteResult[]> {
  const inviter = auth.account;
  const teamId = await requireManagedTeam(deps, auth, input.teamId);
  const results: TeamInviteResult[] = [];
  const seen = new Set<string>();
  for (const raw of input.emails) {
    const normalized = normalizeEmail(raw);
    if (!normalized.ok) {
      results.push({ email: raw.trim(), outcome: 'invalid', code: normalized.code });
      continue;
    }
    const email = normalized.email;
    if (seen.has(emailKey(email))) continue;
    seen.add(emailKey(email));
    try {
      const invitation = await sendInvitation(deps, inviter, teamId, { email, role: input.role }, caller, { replacePending: false });
      results.push({ email, outcome: 'invited', invitation });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      results.push(outcomeOf(email, error));
    }
  }
  return results;
}

function outcomeOf(email: string, error: AppError): TeamInviteResult {
  const code: ErrorCode = error.code;
  if (code === 'team.already_member') return { email, outcome: 'already_member', code };
  if (error instanceof AlreadyInvited) return { email, outcome: 'already_invited', code, invitation: error.invitation };
  return { email, outcome: 'failed', code };
}

/** One invitation to a team the caller manages: checked, limited and mailed under the team's lock. */
async function sendInvitation(
  deps: Deps,
  inviter: Account,
  teamId: string,
  input: { email: string; role: AssignableRole },
  caller: Caller,
  options: { replacePending: boolean },
): Promise<TeamInvitationView> {
  const key = emailKey(input.email);
  // Checked before the limits are spent, and again under the lock: an answer without a mail costs nothing.
  await refuseKnownAddress(deps, deps.db, teamId, key, options);
  await deps.limits.invitationSend(inviter.id);
  caller.onServerFailure?.push(await deps.limits.mailSend('invitation', input.email, caller.ip));
  return withMail(deps, caller.host, async (trx, mail, brand) => {
    await lockTeam(trx, teamId);
    const now = deps.clock.now();
    await refuseKnownAddress(deps, trx, teamId, key, options);
    if ((await countMembers(trx, teamId)) >= deps.config.teams.maxMembers) throw conflict('team.member_limit');
    await revokePendingFor(trx, teamId, key, iso(now));
    if ((await countLiveInvitations(trx, teamId, iso(now))) >= deps.config.teams.maxPendingInvitations) {
      throw conflict('team.invitation_limit');
    }
    const token = randomToken();
    const id = newId();
    const expiresAt = iso(addMs(now, lifetimeMs));
    await insertInvitation(trx, {
      id,
      team_id: teamId,
      email: input.email,
      email_key: key,
      role: input.role,
      inviter_account_id: inviter.id,
      token_hash: sha256(token),
      created_at: iso(now),
      expires_at: expiresAt,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
      claimed_by: null,
    });
    await mailInvitation(deps, trx, mail, brand, inviter, teamId, { email: input.email, token, expiresAt });
    await recordAuthEvent(trx, { accountId: inviter.id, type: 'team_invitation_sent', ip: caller.ip, at: iso(now) });
    return toInvitationView(
      { id, email: input.email, role: input.role, created_at: iso(now), expires_at: expiresAt, inviterEmail: inviter.email },
      now,
    );
  });
}

/** A member is never invited again; a live invitation is kept unless the call replaces it. */
async function refuseKnownAddress(deps: Deps, db: DbOrTx, teamId: string, key: string, options: { replacePending: boolean }) {
  if (await isMemberByEmail(db, teamId, key)) throw conflict('team.already_member');
  if (options.replacePending) return;
  const pending = await findLivePendingFor(db, teamId, key, iso(deps.clock.now()));
  if (pending) throw new AlreadyInvited(toInvitationView(pending, deps.clock.now()));
}

/** The refusal of an address with a live invitation, carrying that invitation (a batch offers to resend it). */
class AlreadyInvited extends AppError {
  readonly invitation: TeamInvitationView;
  constructor(invitation: TeamInvitationView) {
    super(409, 'team.already_invited');
    this.invitation = invitation;
  }
}

/**
 * Names a team the caller manages (its owner and admins), and turns its two-factor requirement
 * on or off (decision 047). Turning it on starts the grace now, 7 days unless given; a new grace
 * (0 included) counts from the same start and applies at the next request; turning it off
 * forgets the start, so turning it on again gives a new grace.
 */
export async function updateTeam(deps: Deps, auth: TeamCaller, input: TeamUpdateRequest, caller: Caller): Promise<void> {
  const teamId = await requireManagedTeam(deps, auth, input.teamId);
  await deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, teamId);
    const now = iso(deps.clock.now());
    if (input.name !== undefined) {
      await rename(trx, teamId, input.name);
      await recordAuthEvent(trx, { accountId: auth.account.id, type: 'team_renamed', ip: caller.ip, at: now });
    }
    if (input.requireTwoFactor === undefined && input.graceDays === undefined) return;
    const team = await findTeam(trx, teamId);
    if (!team) throw notFound('team.not_found');
    const required = input.requireTwoFactor ?? team.two_factor_required_at !== null;
    await setTwoFactorRule(trx, teamId, {
      two_factor_required_at: required ? (team.two_factor_required_at ?? now) : null,
      two_factor_grace_days:
        input.graceDays ?? (required && !team.two_factor_required_at ? twoFactorGraceDefaultDays : team.two_factor_grace_days),
    });
    await recordAuthEvent(trx, { accountId: auth.account.id, type: 'team_two_factor_changed', ip: caller.ip, at: now });
    // A grace ended (or a rule lifted) changes what its members without a second factor get (decision 056).
    await syncEntitlements(trx, deps.clock, await holderAndTeam(trx, team.owner_account_id));
  });
}

/** A pending invitation of a team the caller manages; 404 for any other (nothing to learn from it). */
async function requireManagedInvitation(deps: Deps, auth: TeamCaller, id: string) {
  const invitation = await findPendingInvitation(deps.db, id);
  const membership = invitation && (await findMembership(deps.db, invitation.team_id, auth.account.id));
  if (!invitation || !membership) throw notFound('team.invitation_not_found');
  await refuseWithheldTeam(deps, deps.db, invitation.team_id, auth.session);
  if (!canManage(membership.role)) throw forbidden();
  return invitation;
}

/** Sends the invitation again with a new link and a new 7 days; the old link stops working. */
export async function resendInvitation(deps: Deps, auth: TeamCaller, id: string, caller: Caller): Promise<TeamInvitationView> {
  const inviter = auth.account;
  const invitation = await requireManagedInvitation(deps, auth, id);
  await deps.limits.invitationSend(inviter.id);
  caller.onServerFailure?.push(await deps.limits.mailSend('invitation', invitation.email, caller.ip));
  return withMail(deps, caller.host, async (trx, mail, brand) => {
    await lockTeam(trx, invitation.team_id);
    const current = await findPendingInvitation(trx, id);
    if (!current) throw notFound('team.invitation_not_found');
    const now = deps.clock.now();
    const token = randomToken();
    const expiresAt = iso(addMs(now, lifetimeMs));
    await renewInvitation(trx, id, sha256(token), expiresAt);
    await mailInvitation(deps, trx, mail, brand, inviter, current.team_id, { email: current.email, token, expiresAt });
    await recordAuthEvent(trx, { accountId: inviter.id, type: 'team_invitation_sent', ip: caller.ip, at: iso(now) });
    const inviterEmail = current.inviter_account_id ? ((await findAccountById(trx, current.inviter_account_id))?.email ?? null) : null;
    return toInvitationView({ ...current, expires_at: expiresAt, inviterEmail }, now);
  });
}

export async function revokeInvitation(deps: Deps, auth: TeamCaller, id: string, caller: Caller): Promise<void> {
  await requireManagedInvitation(deps, auth, id);
  await deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    if (!(await markRevoked(trx, id, now))) throw notFound('team.invitation_not_found');
    await recordAuthEvent(trx, { accountId: auth.account.id, type: 'team_invitation_revoked', ip: caller.ip, at: now });
  });
}

/**
 * Changes a membership in a team the caller belongs to (404 otherwise), under the team's lock,
 * with the caller's and the target's memberships read again under it: two admins acting on
 * each other at the same moment (one demoting, one removing) are settled one after the other,
 * the second checked against what the first did, so both cannot win.
 */
async function changeMembership(
  deps: Deps,
  accountId: string,
  id: string,
  change: (trx: DbOrTx, memberships: { target: TeamMember; own: TeamMember }) => Promise<void>,
): Promise<void> {
  const seen = await findMembershipById(deps.db, id);
  if (!seen) throw notFound('team.member_not_found');
  await deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, seen.team_id);
    const target = await findMembershipById(trx, id);
    const own = target && (await findMembership(trx, target.team_id, accountId));
    if (!target || !own) throw notFound('team.member_not_found');
    await change(trx, { target, own });
  });
}

/** Makes a member an admin or back; the owner's role never changes. */
export async function changeMemberRole(deps: Deps, auth: TeamCaller, id: string, role: AssignableRole, caller: Caller) {
  const { account } = auth;
  await changeMembership(deps, account.id, id, async (trx, { target, own }) => {
    await refuseWithheldTeam(deps, trx, target.team_id, auth.session);
    if (!canManage(own.role)) throw forbidden();
    if (target.role === 'owner') throw conflict('team.owner_fixed');
    await setMemberRole(trx, id, role);
    await recordAuthEvent(trx, { accountId: account.id, type: 'team_role_changed', ip: caller.ip, at: iso(deps.clock.now()) });
  });
}

/**
 * Removes a membership: one's own (leaving the team), or, for the owner and admins, another's.
 * Ends nothing but the membership: the account, its sessions and its own team stay. Leaving
 * needs no second factor: it takes nothing from the team and shows nothing of it.
 */
export async function removeMember(deps: Deps, auth: TeamCaller, id: string, caller: Caller): Promise<void> {
  const { account } = auth;
  await changeMembership(deps, account.id, id, async (trx, { target, own }) => {
    const leaving = target.account_id === account.id;
    if (!leaving) await refuseWithheldTeam(deps, trx, target.team_id, auth.session);
    if (!leaving && !canManage(own.role)) throw forbidden();
    if (target.role === 'owner') throw conflict('team.owner_fixed');
    await deleteMembership(trx, id);
    await emitEvent(trx, deps.clock, 'team.member_removed', {
      accountId: target.account_id,
      teamId: target.team_id,
      reason: leaving ? 'left' : 'removed',
    });
    await syncEntitlements(trx, deps.clock, [target.account_id]);
    const type = leaving ? 'team_left' : 'team_member_removed';
    await recordAuthEvent(trx, { accountId: account.id, type, ip: caller.ip, at: iso(deps.clock.now()) });
  });
}
