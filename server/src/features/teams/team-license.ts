import type { LicenseView, TeamLicenseView, TeamTwoFactorNotice } from '@gatehouse/contract';
import type { Deps } from '../../deps.ts';
import type { LiveSession } from '../auth/session.repository.ts';
import { licenseStatus, toLicensePreview, toLicenseView } from '../licenses/license.service.ts';
import { toTeamNames } from './team.mapper.ts';
import { findJoinedTeamLicenses } from './team.repository.ts';
import { noTwoFactorTeams, twoFactorStanding } from './team-two-factor.ts';

/**
 * The license a person works under through a team, for the account page's License section
 * (decision 021): none while their own license is active (their own shows); otherwise the
 * active license of the team they joined first among those that have one. Expired or revoked
 * team licenses do not count: the person may then activate one of their own. Nor do the
 * licenses of teams withheld from the session (decision 047).
 */
export async function teamLicenseFor(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  own: LicenseView | null,
  withheld: ReadonlySet<string> = new Set(),
): Promise<TeamLicenseView | null> {
  if (own?.status === 'active') return null;
  const now = deps.clock.now();
  for (const row of await findJoinedTeamLicenses(deps.db, accountId)) {
    const { teamId, teamName, ownerEmail, ownerFirstName, ownerFamilyName, ...license } = row;
    if (!withheld.has(teamId) && licenseStatus(license, now) === 'active') {
      const { name, ownerName } = toTeamNames({ teamName, ownerEmail, ownerFirstName, ownerFamilyName });
      return { teamId, ownerEmail, teamName: name, ownerName, license: toLicensePreview(license, now) };
    }
  }
  return null;
}

/**
 * The licenses that apply to this session, as GET /session and GET /license show them: the
 * account's own, which is its own team's license too and so withheld with that team, and a
 * joined team's; with the two-factor notice of the banner. An account without a team that
 * requires two-factor costs no query more (the session's statement says so).
 */
export async function sessionLicenses(
  deps: Pick<Deps, 'db' | 'clock'>,
  auth: LiveSession,
): Promise<{ license: LicenseView | null; teamLicense: TeamLicenseView | null; teamTwoFactor: TeamTwoFactorNotice | null }> {
  const now = deps.clock.now();
  const { withheld, ownWithheld, notice } = auth.twoFactorTeams ? await twoFactorStanding(deps.db, auth, now) : noTwoFactorTeams();
  const license = auth.license && !ownWithheld ? toLicenseView(auth.license, now) : null;
  const teamLicense = auth.joinedTeams ? await teamLicenseFor(deps, auth.account.id, license, withheld) : null;
  return { license, teamLicense, teamTwoFactor: notice };
}
