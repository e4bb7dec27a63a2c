import type { ErrorCode, InvitationPreview } from '@gatehouse/contract';
import type { Transaction } from 'kysely';
import type { Database, TeamInvitation } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { newId, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { emailKey, findAccountByEmail, findAccountById } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { syncEntitlements } from '../webhooks/account-events.ts';
import { emitEvent } from '../webhooks/emit.ts';
import { fullNameOf, toTeamNames } from './team.mapper.ts';
import {
  countMembers,
  findClaimedInvitations,
  findInvitationByHash,
  findMembership,
  findTeam,
  findTeamWithOwner,
  insertMembership,
  lockTeam,
  markAccepted,
  markClaimed,
} from './team.repository.ts';

type Trx = Transaction<Database>;
type TeamDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

const statusOf: Partial<Record<ErrorCode, number>> = {
  'invitation.invalid': 404,
  'invitation.expired': 410,
  'invitation.revoked': 410,
  'invitation.used': 409,
  'invitation.wrong_account': 403,
  'team.already_member': 409,
  'team.member_limit': 409,
};
const refuse = (code: ErrorCode) => new AppError(statusOf[code] ?? 400, code);

/** Why an invitation cannot be used now, or undefined when it can. */
function unusable(invitation: TeamInvitation | undefined, now: string): ErrorCode | undefined {
  if (!invitation) return 'invitation.invalid';
  if (invitation.accepted_at) return 'invitation.used';
  if (invitation.revoked_at) return 'invitation.revoked';
  if (invitation.expires_at <= now) return 'invitation.expired';
  return undefined;
}

async function ownerEmailOf(db: Deps['db'] | Trx, teamId: string): Promise<string> {
  const team = await findTeam(db, teamId);
  const owner = team && (await findAccountById(db, team.owner_account_id));
  if (!owner) throw refuse('invitation.invalid');
  return owner.email;
}

/**
 * What the invitation screen shows, to whoever holds the token (and only to them): the team,
 * the invited address and role, the expiry, and whether that address already has an account
 * (the screen then leads to sign-in instead of sign-up).
 */
export async function previewInvitation(deps: Deps, token: string, caller: Caller): Promise<InvitationPreview> {
  await deps.limits.lookup(caller.ip);
  const invitation = await findInvitationByHash(deps.db, sha256(token));
  const problem = unusable(invitation, iso(deps.clock.now()));
  if (problem || !invitation) throw refuse(problem ?? 'invitation.invalid');
  const account = await findAccountByEmail(deps.db, invitation.email);
  const inviter = invitation.inviter_account_id ? await findAccountById(deps.db, invitation.inviter_account_id) : undefined;
  const team = await findTeamWithOwner(deps.db, invitation.team_id);
  if (!team) throw refuse('invitation.invalid');
  const names = toTeamNames({ ...team, teamName: team.name });
  return {
    teamOwnerEmail: team.ownerEmail,
    teamName: names.name,
    teamOwnerName: names.ownerName,
    inviterName: inviter ? fullNameOf(inviter) : null,
    inviterEmail: inviter?.email ?? null,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expires_at,
    accountExists: account !== undefined && account.password_hash !== null,
  };
}

export type JoinResult = { ok: true; teamId: string; role: TeamInvitation['role'] } | { ok: false; code: ErrorCode };

/**
 * Joins the invitation's team, once. Takes the team's lock first, so of parallel uses of one
 * token exactly one finds it unused (the others get `invitation.used`), and the member limit
 * holds. Returns the reason instead of joining when the invitation cannot be used.
 */
async function tryJoin(
  deps: TeamDeps,
  trx: Trx,
  accountId: string,
  found: TeamInvitation | undefined,
  invitedAddressOnly: boolean,
): Promise<JoinResult> {
  if (!found) return { ok: false, code: 'invitation.invalid' };
  await lockTeam(trx, found.team_id);
  const now = iso(deps.clock.now());
  // Read again under the lock: another request may have used it while this one waited.
  const invitation = await findInvitationByHash(trx, found.token_hash);
  const problem = unusable(invitation, now);
  if (problem || !invitation) return { ok: false, code: problem ?? 'invitation.invalid' };
  const account = await findAccountById(trx, accountId);
  if (!account) return { ok: false, code: 'invitation.invalid' };
  if (invitedAddressOnly && emailKey(account.email) !== invitation.email_key) return { ok: false, code: 'invitation.wrong_account' };
  if (await findMembership(trx, invitation.team_id, accountId)) return { ok: false, code: 'team.already_member' };
  if ((await countMembers(trx, invitation.team_id)) >= deps.config.teams.maxMembers) return { ok: false, code: 'team.member_limit' };
  if (!(await markAccepted(trx, invitation.id, accountId, now))) return { ok: false, code: 'invitation.used' };
  await insertMembership(trx, { id: newId(), team_id: invitation.team_id, account_id: accountId, role: invitation.role, created_at: now });
  await recordAuthEvent(trx, { accountId, type: 'team_joined', ip: null, at: now });
  await emitEvent(trx, deps.clock, 'team.member_added', { accountId, teamId: invitation.team_id, role: invitation.role });
  await syncEntitlements(trx, deps.clock, [accountId]);
  return { ok: true, teamId: invitation.team_id, role: invitation.role };
}

/**
 * The one join step every way in calls inside its own transaction: accepting while signed in,
 * and (through joinByTokenHash) a single sign-on sign-up or sign-in from an invitation screen. With
 * `invitedAddressOnly` the account's e-mail must be the invited one. Throws a coded error when
 * the invitation cannot be used.
 */
export async function joinFromInvitation(
  deps: TeamDeps,
  trx: Trx,
  accountId: string,
  token: string,
  options: { invitedAddressOnly: boolean },
): Promise<{ teamId: string; teamOwnerEmail: string; role: TeamInvitation['role'] }> {
  const result = await joinByTokenHash(deps, trx, accountId, sha256(token), options);
  if (!result.ok) throw refuse(result.code);
  return { teamId: result.teamId, teamOwnerEmail: await ownerEmailOf(trx, result.teamId), role: result.role };
}

/**
 * The same join for a way in that keeps the invitation by its token's hash (a single sign-on
 * flow): answers why it could not join instead of throwing, so the sign-in itself goes on.
 */
export async function joinByTokenHash(
  deps: TeamDeps,
  trx: Trx,
  accountId: string,
  tokenHash: string,
  options: { invitedAddressOnly: boolean },
): Promise<JoinResult> {
  return tryJoin(deps, trx, accountId, await findInvitationByHash(trx, tokenHash), options.invitedAddressOnly);
}

/**
 * POST /invitations/{token}/accept: a signed-in account whose address is the invited one joins;
 * another account only with `otherAddress`, sent by the "Join" of a screen that names the team
 * and the inviter (decision 030).
 */
export async function acceptInvitation(deps: Deps, accountId: string, token: string, options: { otherAddress: boolean }, caller: Caller) {
  await deps.limits.lookup(caller.ip);
  return deps.db
    .transaction()
    .execute((trx) => joinFromInvitation(deps, trx, accountId, token, { invitedAddressOnly: !options.otherAddress }));
}

/** A usable invitation by its token, or undefined. */
export async function findInvitationByToken(deps: TeamDeps, token: string): Promise<TeamInvitation | undefined> {
  const invitation = await findInvitationByHash(deps.db, sha256(token));
  return invitation && !unusable(invitation, iso(deps.clock.now())) ? invitation : undefined;
}

/**
 * A sign-up of the invited address from the invitation screen, by an account still without a
 * password: remembers the invitation on it, so the account joins when its password is set
 * (joinClaimedInvitations). Any other address is not claimed: whoever types an address on the
 * sign-up form need not own it, so another account joins only by its own "Join" once signed in
 * (decision 030). An unusable token, or one another account claimed, is ignored: the sign-up goes
 * on as an ordinary one.
 */
export async function claimInvitation(
  deps: TeamDeps,
  trx: Trx,
  account: { id: string; email: string },
  token: string,
): Promise<TeamInvitation | undefined> {
  const invitation = await findInvitationByHash(trx, sha256(token));
  if (!invitation || unusable(invitation, iso(deps.clock.now()))) return undefined;
  if (invitation.email_key !== emailKey(account.email)) return undefined;
  return (await markClaimed(trx, invitation.id, account.id)) ? invitation : undefined;
}

/** When a password is first set: joins every team whose invitation to this address the account claimed at sign-up. */
export async function joinClaimedInvitations(deps: TeamDeps, trx: Trx, accountId: string): Promise<void> {
  for (const invitation of await findClaimedInvitations(trx, accountId, iso(deps.clock.now()))) {
    // A claim that can no longer be used (the team is full, the person joined meanwhile, or a
    // claim for another address left by an earlier version) is let go: the password is set either way.
    await tryJoin(deps, trx, accountId, invitation, true);
  }
}
