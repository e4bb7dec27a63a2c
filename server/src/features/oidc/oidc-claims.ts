import { type Plan, plans } from '@gatehouse/contract';
import type { Db } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { findLicenseByAccount } from '../licenses/license.repository.ts';
import { licenseStatus } from '../licenses/license.service.ts';
import { toTeamNames } from '../teams/team.mapper.ts';
import { findJoinedTeamLicenses, findMembershipsOf } from '../teams/team.repository.ts';
import { withheldTeams } from '../teams/team-two-factor.ts';

/** The scopes a client may ask for and the claims each one brings (decision 033). */
export const scopeClaims = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['given_name', 'family_name', 'locale'],
  gatehouse: ['team_id', 'team_role', 'team_name', 'plan', 'license_status', 'license_source', 'limits', 'teams', 'amr', 'auth_time'],
};

/**
 * Everything an app may learn of a person, read now: a refresh shows a license revoked since.
 * The license applies as on the account page (decision 021): the person's own while active,
 * else the first joined team's active one. Never the key. A team withheld from the session the
 * app was signed in with (decision 047) is as absent: not listed, its license not applying
 * (the owner's own license is their team's).
 */
export async function accountClaims(deps: { db: Db; clock: Clock }, account: Account, session: { amr: string } | undefined) {
  const now = deps.clock.now();
  const [ownRow, joinedRows, allMemberships, withheld] = await Promise.all([
    findLicenseByAccount(deps.db, account.id),
    findJoinedTeamLicenses(deps.db, account.id),
    findMembershipsOf(deps.db, account.id),
    withheldTeams(deps.db, account.id, session, now),
  ]);
  const memberships = allMemberships.filter((membership) => !withheld.has(membership.teamId));
  const ownTeam = memberships.find((membership) => membership.role === 'owner');
  const own = ownTeam ? ownRow : undefined;
  const joined = joinedRows.filter((row) => !withheld.has(row.teamId));
  const ownStatus = own ? licenseStatus(own, now) : undefined;
  const team = ownStatus === 'active' ? undefined : joined.find((row) => licenseStatus(row, now) === 'active');
  const applying = team ?? own;
  const status = team ? 'active' : ownStatus === 'active' || ownStatus === 'expired' || ownStatus === 'revoked' ? ownStatus : 'none';
  const teamId = team ? team.teamId : ownTeam?.teamId;
  const plan = applying ? (applying.plan as Plan) : null;
  const applyingTeam = memberships.find((membership) => membership.teamId === teamId);
  // The name people read: the one the team was given, or its default after the owner (decision 040).
  const teamNames = applyingTeam && toTeamNames(applyingTeam);
  return {
    sub: account.id,
    email: account.email,
    email_verified: account.email_verified_at !== null,
    given_name: account.first_name ?? undefined,
    family_name: account.family_name ?? undefined,
    locale: account.locale,
    team_id: teamId ?? null,
    team_role: applyingTeam?.role ?? null,
    team_name: teamNames ? (teamNames.name ?? teamNames.ownerName) : null,
    plan,
    license_status: status,
    license_source: status === 'none' ? null : team ? 'team' : 'own',
    limits: plan ? { ...plans[plan] } : null,
    teams: memberships.map((membership) => ({ id: membership.teamId, role: membership.role })),
  };
}
