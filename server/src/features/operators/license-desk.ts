import type { AdminPage, AdminTeamView, LicenseDeskRow } from '@gatehouse/contract';
import { type LicenseStatus, type Plan, planNames } from '@gatehouse/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { stampOnce } from '../../db/stamp-once.ts';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { accountsWithSecondFactor } from '../auth/factors.ts';
import { createLicenses, licenseStatus } from '../licenses/license.service.ts';
import { toTeamNames } from '../teams/team.mapper.ts';
import { listMembers, listPendingInvitations } from '../teams/team.repository.ts';
import { twoFactorStateOf } from '../teams/team-two-factor.ts';
import { holderAndTeam, syncEntitlements } from '../webhooks/account-events.ts';
import { emitEvent } from '../webhooks/emit.ts';
import type { ActionContext } from './account-admin.service.ts';
import { recordAction } from './operator-audit.ts';

export interface LicenseFilter {
  plan?: Plan;
  status?: LicenseStatus;
  expiresBefore?: string;
  q?: string;
  page: number;
  pageSize: number;
  sort: 'createdAt' | 'expiresAt';
  order: 'asc' | 'desc';
}

function filtered(db: Db, filter: LicenseFilter, now: string) {
  let query = db.selectFrom('licenses').leftJoin('accounts', 'accounts.id', 'licenses.account_id');
  if (filter.plan) query = query.where('licenses.plan', '=', filter.plan);
  if (filter.expiresBefore)
    query = query.where('licenses.expires_at', 'is not', null).where('licenses.expires_at', '<', filter.expiresBefore);
  switch (filter.status) {
    case 'revoked':
      query = query.where('licenses.revoked_at', 'is not', null);
      break;
    case 'expired':
      query = query.where('licenses.revoked_at', 'is', null).where('licenses.expires_at', '<=', now);
      break;
    case 'active':
    case 'available':
      query = query
        .where('licenses.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('licenses.expires_at', 'is', null), eb('licenses.expires_at', '>', now)]))
        .where('licenses.account_id', filter.status === 'active' ? 'is not' : 'is', null);
      break;
  }
  const q = filter.q?.trim();
  if (q) {
    const compact = q.replace(/[\s-]/g, '').toUpperCase();
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(accounts.email) like ${like} escape '\\'`,
        eb('licenses.key_suffix', '=', compact.slice(-4)),
        eb('licenses.id', '=', q),
      ]),
    );
  }
  return query;
}

/** The license desk (GET /admin/v1/licenses): filters, paging, and the holder with their own team. */
export async function listLicenseDesk(deps: Pick<Deps, 'db' | 'clock'>, filter: LicenseFilter): Promise<AdminPage<LicenseDeskRow>> {
  const nowDate = deps.clock.now();
  const now = iso(nowDate);
  const base = filtered(deps.db, filter, now);
  const total = Number((await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0);
  const column = filter.sort === 'expiresAt' ? 'licenses.expires_at' : 'licenses.created_at';
  const rows = await base
    .leftJoin('teams', 'teams.owner_account_id', 'licenses.account_id')
    .selectAll('licenses')
    .select(['accounts.email as holderEmail', 'teams.id as teamId'])
    .orderBy(column, filter.order)
    .orderBy('licenses.id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  const data = rows.map((row) => ({
    id: row.id,
    keySuffix: row.key_suffix,
    plan: row.plan as Plan,
    kind: row.kind,
    panelId: row.panel_id,
    status: licenseStatus(row, nowDate),
    createdAt: row.created_at,
    activatedAt: row.activated_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    holder: row.account_id ? { id: row.account_id, email: row.holderEmail ?? '' } : null,
    teamId: row.teamId ?? null,
  }));
  return { data, paging: { page: filter.page, pageSize: filter.pageSize, total } };
}

export function licensesCsv(rows: LicenseDeskRow[]): (string | null)[][] {
  return rows.map((r) => [
    r.id,
    `…${r.keySuffix}`,
    r.plan,
    r.kind,
    r.status,
    r.holder?.email ?? null,
    r.teamId,
    r.createdAt,
    r.activatedAt,
    r.expiresAt,
    r.revokedAt,
  ]);
}

export const licenseCsvHeader = [
  'id',
  'key',
  'plan',
  'kind',
  'status',
  'holder',
  'teamId',
  'createdAt',
  'activatedAt',
  'expiresAt',
  'revokedAt',
];

export async function issueLicenses(
  deps: Deps,
  input: { plan: Plan; count: number; kind: 'standalone' | 'platform'; panelId?: string; expiresAt?: string },
  context: ActionContext,
) {
  if (!planNames.includes(input.plan)) throw conflict('validation.invalid');
  if (input.expiresAt !== undefined && input.expiresAt <= iso(deps.clock.now())) throw conflict('admin.expiry_invalid');
  const keys = await createLicenses(deps.db, deps.clock, input);
  const suffixes = keys.map((key) => key.slice(-4));
  await deps.db.transaction().execute((trx) =>
    recordAction(trx, deps.secrets, {
      type: 'license_created',
      accountId: null,
      actor: context.actor,
      reason: context.reason,
      detail: { plan: input.plan, count: input.count, kind: input.kind, keySuffixes: suffixes, expiresAt: input.expiresAt ?? null },
      at: iso(deps.clock.now()),
    }),
  );
  return { keys };
}

async function requireLicense(deps: Pick<Deps, 'db'>, id: string) {
  const license = await deps.db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!license) throw notFound('admin.license_not_found');
  return license;
}

export async function revokeLicenseById(deps: Deps, id: string, context: ActionContext) {
  const license = await requireLicense(deps, id);
  if (license.revoked_at) throw conflict('admin.license_revoked');
  const now = iso(deps.clock.now());
  await deps.db.transaction().execute(async (trx) => {
    if (!(await stampOnce(trx, 'licenses', 'revoked_at', now, { id }))) throw conflict('admin.license_revoked');
    if (license.account_id) {
      await emitEvent(trx, deps.clock, 'license.revoked', { accountId: license.account_id, licenseId: id, plan: license.plan });
      await syncEntitlements(trx, deps.clock, await holderAndTeam(trx, license.account_id));
    }
    await recordAction(trx, deps.secrets, {
      type: 'license_revoked',
      accountId: license.account_id,
      actor: context.actor,
      reason: context.reason,
      detail: { licenseId: id, keySuffix: license.key_suffix },
      at: now,
    });
  });
  return { id, status: 'revoked' as const };
}

export async function extendLicense(deps: Deps, id: string, expiresAt: string | null, context: ActionContext) {
  const license = await requireLicense(deps, id);
  if (license.revoked_at) throw conflict('admin.license_revoked');
  const now = iso(deps.clock.now());
  if (expiresAt !== null && expiresAt <= now) throw conflict('admin.expiry_invalid');
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('licenses').set({ expires_at: expiresAt }).where('id', '=', id).execute();
    // An expired license extended is one the holder uses again.
    if (license.account_id) await syncEntitlements(trx, deps.clock, await holderAndTeam(trx, license.account_id));
    await recordAction(trx, deps.secrets, {
      type: 'license_extended',
      accountId: license.account_id,
      actor: context.actor,
      reason: context.reason,
      detail: { licenseId: id, keySuffix: license.key_suffix, from: license.expires_at, to: expiresAt },
      at: now,
    });
  });
  return { id, expiresAt };
}

/** A team as support needs it (GET /admin/v1/teams/{id}): members, roles, pending invitations, who misses the two-factor rule. */
export async function teamView(deps: Deps, id: string, actor: ActionContext['actor']): Promise<AdminTeamView> {
  const team = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.db
        .selectFrom('teams as t')
        .innerJoin('accounts as o', 'o.id', 't.owner_account_id')
        .select([
          't.name as teamName',
          't.owner_account_id',
          't.created_at',
          't.two_factor_required_at',
          't.two_factor_grace_days',
          'o.email as ownerEmail',
          'o.first_name as ownerFirstName',
          'o.family_name as ownerFamilyName',
        ])
        .where('t.id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!team) throw notFound('admin.team_not_found');
  const now = deps.clock.now();
  const [members, invitations] = await Promise.all([listMembers(deps.db, id), listPendingInvitations(deps.db, id)]);
  const withSecond = await accountsWithSecondFactor(
    deps.db,
    members.map((m) => m.accountId),
  );
  const rule = twoFactorStateOf(team, undefined, now);
  await deps.db
    .transaction()
    .execute((trx) =>
      recordAction(trx, deps.secrets, { type: 'team_viewed', accountId: null, actor, reason: null, detail: { teamId: id }, at: iso(now) }),
    );
  return {
    id,
    ...toTeamNames(team),
    ownerId: team.owner_account_id,
    createdAt: team.created_at,
    twoFactor: { required: rule.required, graceDays: rule.graceDays, deadline: rule.deadline },
    members: members.map((m) => ({
      accountId: m.accountId,
      email: m.email,
      role: m.role,
      joinedAt: m.joinedAt,
      secondFactor: withSecond.has(m.accountId),
      meetsTwoFactorRule: !rule.required || withSecond.has(m.accountId),
    })),
    pendingInvitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      invitedBy: i.inviterEmail,
      createdAt: i.created_at,
      expiresAt: i.expires_at,
    })),
  };
}
