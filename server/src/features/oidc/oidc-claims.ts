import { type Plan, plans } from '@gatehouse/contract';
import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-query.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { License, TeamRole } from '../../db/schema.ts';
import { addMs, iso } from '../../lib/clock.ts';
import { licenseStatus } from '../licenses/license.service.ts';
import { toTeamNames } from '../teams/team.mapper.ts';
import { withheldAmong } from '../teams/team-two-factor.ts';

/** The scopes a client may ask for and the claims each one brings (decision 033). */
export const scopeClaims = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['given_name', 'family_name', 'locale'],
  gatehouse: ['team_id', 'team_role', 'team_name', 'plan', 'license_status', 'license_source', 'limits', 'teams', 'amr', 'auth_time'],
};

/**
 * Everything the claims need, and the Gatehouse session behind the token's grant, in one
 * statement compiled once (decision 057): the account; the grant's session while it lives (its
 * amr); the account's own license (unique per account); one row per team membership, its own
 * team first, each with the team's two-factor rule, its owner's names and the owner's license (a
 * team's license is its owner's, decision 021). An account with no membership still gives one row.
 */
const claimsLookup = compiledOnce((db: DbOrTx, accountId: string, grantKey: string, now: string) =>
  db
    .selectFrom('accounts as a')
    .leftJoin('oidc_grants as g', (join) => join.on('g.grant_key', '=', grantKey))
    .leftJoin('sessions as s', (join) =>
      join.onRef('s.id', '=', 'g.session_id').on('s.idle_expires_at', '>', now).on('s.absolute_expires_at', '>', now),
    )
    .leftJoin('licenses as l', 'l.account_id', 'a.id')
    .leftJoin('team_members as m', 'm.account_id', 'a.id')
    .leftJoin('teams as t', 't.id', 'm.team_id')
    .leftJoin('accounts as o', 'o.id', 't.owner_account_id')
    .leftJoin('licenses as tl', 'tl.account_id', 't.owner_account_id')
    .select([
      'a.id',
      'a.email',
      'a.email_verified_at',
      'a.first_name',
      'a.family_name',
      'a.locale',
      'a.disabled_at',
      's.id as session_id',
      's.amr as session_amr',
      'g.last_used_at as grant_last_used_at',
      'l.id as license_id',
      'l.plan as license_plan',
      'l.account_id as license_account_id',
      'l.revoked_at as license_revoked_at',
      'l.expires_at as license_expires_at',
      'm.id as membership_id',
      'm.role as membership_role',
      't.id as team_id',
      't.name as team_name',
      't.two_factor_required_at',
      't.two_factor_grace_days',
      'o.email as owner_email',
      'o.first_name as owner_first_name',
      'o.family_name as owner_family_name',
      'tl.id as team_license_id',
      'tl.plan as team_license_plan',
      'tl.account_id as team_license_account_id',
      'tl.revoked_at as team_license_revoked_at',
      'tl.expires_at as team_license_expires_at',
    ])
    .where('a.id', '=', accountId)
    .orderBy(sql`case when ${sql.ref('m.role')} = 'owner' then 0 else 1 end`)
    .orderBy('m.created_at'),
);

type LicenseFields = Pick<License, 'plan' | 'account_id' | 'revoked_at' | 'expires_at'>;

interface Membership {
  teamId: string;
  role: TeamRole;
  teamName: string | null;
  ownerEmail: string;
  ownerFirstName: string | null;
  ownerFamilyName: string | null;
  two_factor_required_at: string | null;
  two_factor_grace_days: number;
  /** The team owner's license, if any. */
  license: LicenseFields | undefined;
}

export interface ClaimsSource {
  account: {
    id: string;
    email: string;
    email_verified_at: string | null;
    first_name: string | null;
    family_name: string | null;
    locale: string;
  };
  license: LicenseFields | undefined;
  memberships: Membership[];
}

export interface ClaimsRead {
  source: ClaimsSource;
  /** The Gatehouse session behind the grant, while it lives. */
  session: { amr: string } | undefined;
  /** When the grant was last marked used; undefined without a live session. */
  grantLastUsedAt: string | undefined;
}

/** What the claims of an active account need, with the session behind `grantKey`; undefined for an unknown or disabled account. */
export async function readClaimsSource(db: DbOrTx, accountId: string, grantKey: string, now: Date): Promise<ClaimsRead | undefined> {
  const rows = await claimsLookup(db, accountId, grantKey, iso(now));
  const first = rows[0];
  if (!first || first.disabled_at) return undefined;
  const memberships: Membership[] = [];
  for (const row of rows) {
    if (row.membership_id === null || row.team_id === null || row.membership_role === null || row.owner_email === null) continue;
    memberships.push({
      teamId: row.team_id,
      role: row.membership_role,
      teamName: row.team_name,
      ownerEmail: row.owner_email,
      ownerFirstName: row.owner_first_name,
      ownerFamilyName: row.owner_family_name,
      two_factor_required_at: row.two_factor_required_at,
      two_factor_grace_days: row.two_factor_grace_days ?? 0,
      license:
        row.team_license_id !== null && row.team_license_plan !== null
          ? {
              plan: row.team_license_plan,
              account_id: row.team_license_account_id,
              revoked_at: row.team_license_revoked_at,
              expires_at: row.team_license_expires_at,
            }
          : undefined,
    });
  }
  const live = first.session_id !== null && first.session_amr !== null;
  return {
    source: {
      account: {
        id: first.id,
        email: first.email,
        email_verified_at: first.email_verified_at,
        first_name: first.first_name,
        family_name: first.family_name,
        locale: first.locale,
      },
      license:
        first.license_id !== null && first.license_plan !== null
          ? {
              plan: first.license_plan,
              account_id: first.license_account_id,
              revoked_at: first.license_revoked_at,
              expires_at: first.license_expires_at,
            }
          : undefined,
      memberships,
    },
    session: live && first.session_amr !== null ? { amr: first.session_amr } : undefined,
    grantLastUsedAt: live ? (first.grant_last_used_at ?? undefined) : undefined,
  };
}

/** How stale a grant's last use may be before a use is written (no write per request on the hot path). */
export const grantUseResolutionMs = 60_000;

export function grantUseIsStale(lastUsedAt: string, now: Date): boolean {
  return lastUsedAt <= iso(addMs(now, -grantUseResolutionMs));
}

/**
 * Everything an app may learn of a person, as read now: a refresh shows a license revoked since.
 * The one function behind the ID token and userinfo alike. The license applies as on the
 * account page (decision 021): the person's own while active, else the first joined team's
 * active one. Never the key. A team withheld from the session the app was signed in with
 * (decision 047) is as absent: not listed, its license not applying (the owner's own license is
 * their team's).
 */
export function accountClaims(source: ClaimsSource, session: { amr: string } | undefined, now: Date) {
  const { account } = source;
  const withheld = withheldAmong(source.memberships, session, now);
  const memberships = source.memberships.filter((membership) => !withheld.has(membership.teamId));
  const ownTeam = memberships.find((membership) => membership.role === 'owner');
  const own = ownTeam ? source.license : undefined;
  // The licenses of the teams joined (not its own), earliest membership first.
  const joined = memberships.flatMap((membership) =>
    membership.role !== 'owner' && membership.license ? [{ teamId: membership.teamId, license: membership.license }] : [],
  );
  const ownStatus = own ? licenseStatus(own, now) : undefined;
  const team = ownStatus === 'active' ? undefined : joined.find((row) => licenseStatus(row.license, now) === 'active');
  const applying = team?.license ?? own;
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
