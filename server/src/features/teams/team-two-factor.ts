import type { TeamTwoFactorNotice, TeamTwoFactorView } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import { addMs, iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hasSecondFactor } from '../auth/factors.ts';
import { provedTwoFactors } from '../auth/proof.ts';
import { toTeamNames } from './team.mapper.ts';
import { findMembershipsOf } from './team.repository.ts';

/** A team's requirement as its row keeps it (migration 0023). */
export interface TwoFactorRule {
  two_factor_required_at: string | null;
  two_factor_grace_days: number;
}

/** How a session was proved; none for a call that has no Gatehouse session behind it. */
type Proof = { amr: string } | undefined;

/**
 * The end of the grace: the same for every member, however and whenever they joined, so no
 * invitation, sign-up or single sign-on starts a grace of its own (decision 047). Computed at
 * every request: a grace shortened to 0 has ended at the next one.
 */
export function twoFactorDeadline(rule: TwoFactorRule): string | null {
  if (!rule.two_factor_required_at) return null;
  return iso(addMs(new Date(rule.two_factor_required_at), rule.two_factor_grace_days * 86_400_000));
}

/** The team's requirement as this session meets it, now. */
export function twoFactorStateOf(rule: TwoFactorRule, proof: Proof, now: Date): TeamTwoFactorView {
  const deadline = twoFactorDeadline(rule);
  const complies = deadline === null || (proof !== undefined && provedTwoFactors(proof));
  return {
    required: deadline !== null,
    graceDays: rule.two_factor_grace_days,
    deadline,
    complies,
    withheld: !complies && deadline !== null && deadline <= iso(now),
  };
}

export const twoFactorRequired = () => new AppError(403, 'team.two_factor_required');

/** Refuses a call on a team whose data this session may not have: past the deadline without a second factor. */
export function refuseWithheld(rule: TwoFactorRule, proof: Proof, now: Date): void {
  if (twoFactorStateOf(rule, proof, now).withheld) throw twoFactorRequired();
}

/** The teams of an account that require two-factor, with what names them. */
async function findTwoFactorTeamsOf(db: DbOrTx, accountId: string) {
  return (await findMembershipsOf(db, accountId)).filter((team) => team.two_factor_required_at !== null);
}

/**
 * The teams whose data and license this session does not get: those past their deadline, unless
 * the session was proved with two factors. Read now, never cached at sign-in (decision 047).
 */
export async function withheldTeams(db: DbOrTx, accountId: string, proof: Proof, now: Date): Promise<Set<string>> {
  if (proof && provedTwoFactors(proof)) return new Set();
  return withheldAmong(await findTwoFactorTeamsOf(db, accountId), proof, now);
}

/** withheldTeams of teams already read, each with its rule. */
export function withheldAmong(teams: (TwoFactorRule & { teamId: string })[], proof: Proof, now: Date): Set<string> {
  if (proof && provedTwoFactors(proof)) return new Set();
  return new Set(teams.filter((team) => twoFactorStateOf(team, proof, now).withheld).map((team) => team.teamId));
}

/** The account's own team withheld means its own license is: a team's license is its owner's. */
export interface TwoFactorStanding {
  withheld: Set<string>;
  ownWithheld: boolean;
  notice: TeamTwoFactorNotice | null;
}

export const noTwoFactorTeams = (): TwoFactorStanding => ({ withheld: new Set(), ownWithheld: false, notice: null });

/**
 * Where a session stands with its teams' requirements: the teams withheld from it, and the notice
 * the banner shows, the earliest deadline first; nothing for a session proved with two factors.
 */
export async function twoFactorStanding(
  db: DbOrTx,
  auth: { account: { id: string }; session: { amr: string } },
  now: Date,
): Promise<TwoFactorStanding> {
  const withheld = new Set<string>();
  if (provedTwoFactors(auth.session)) return { withheld, ownWithheld: false, notice: null };
  const teams = (await findTwoFactorTeamsOf(db, auth.account.id)).sort((a, b) =>
    (twoFactorDeadline(a) ?? '').localeCompare(twoFactorDeadline(b) ?? ''),
  );
  let ownWithheld = false;
  for (const team of teams) {
    if (!twoFactorStateOf(team, auth.session, now).withheld) continue;
    withheld.add(team.teamId);
    ownWithheld ||= team.ownerId === auth.account.id;
  }
  const first = teams[0];
  if (!first) return { withheld, ownWithheld, notice: null };
  const names = toTeamNames(first);
  return {
    withheld,
    ownWithheld,
    notice: {
      teamId: first.teamId,
      teamName: names.name,
      ownerName: names.ownerName,
      own: first.ownerId === auth.account.id,
      deadline: twoFactorDeadline(first) ?? iso(now),
      withheld: withheld.has(first.teamId),
      enrolled: await hasSecondFactor(db, auth.account.id),
    },
  };
}

/**
 * Where an account stands with its teams' requirements, rather than one session: as its best
 * session would. An account with a second factor can sign in with it and gets every team's
 * license; one without is withheld what is past its deadline. What the monitoring backend is told
 * as the account's entitlements (decision 056).
 */
export async function accountTwoFactorStanding(db: DbOrTx, accountId: string, now: Date): Promise<TwoFactorStanding> {
  if (await hasSecondFactor(db, accountId)) return noTwoFactorTeams();
  return twoFactorStanding(db, { account: { id: accountId }, session: { amr: '' } }, now);
}
