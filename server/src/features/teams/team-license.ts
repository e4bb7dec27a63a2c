import type { LicenseView, TeamLicenseView } from '@gatehouse/contract';
import type { Deps } from '../../deps.ts';
import { licenseStatus, toLicensePreview } from '../licenses/license.service.ts';
import { toTeamNames } from './team.mapper.ts';
import { findJoinedTeamLicenses } from './team.repository.ts';

/**
 * The license a person works under through a team, for the account page's License section
 * (decision 021): none while their own license is active (their own shows); otherwise the
 * active license of the team they joined first among those that have one. Expired or revoked
 * team licenses do not count: the person may then activate one of their own.
 */
export async function teamLicenseFor(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  own: LicenseView | null,
): Promise<TeamLicenseView | null> {
  if (own?.status === 'active') return null;
  const now = deps.clock.now();
  for (const row of await findJoinedTeamLicenses(deps.db, accountId)) {
    const { teamId, teamName, ownerEmail, ownerFirstName, ownerFamilyName, ...license } = row;
    if (licenseStatus(license, now) === 'active') {
      const { name, ownerName } = toTeamNames({ teamName, ownerEmail, ownerFirstName, ownerFamilyName });
      return { teamId, ownerEmail, teamName: name, ownerName, license: toLicensePreview(license, now) };
    }
  }
  return null;
}
