import type { AccountMatch, AccountSearchRow, AdminPage, HealthCard, HealthCardLicense } from '@gatehouse/contract';
import { type LicenseStatus, type Plan, screenUrl } from '@gatehouse/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type WriteMail, withMail } from '../../mail/mail-transaction.ts';
import { findAccountById, lockAccount, updateCredential } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { endSessions } from '../auth/end-sessions.ts';
import { hasAuthenticator, hasSecondFactor } from '../auth/factors.ts';
import { licenseStatus } from '../licenses/license.service.ts';
import { listConnectedApps } from '../oidc/connected-apps.service.ts';
import { initPasswordReset } from '../passwords/password-reset.service.ts';
import { mailVerification } from '../signup/signup.service.ts';
import { toTeamNames } from '../teams/team.mapper.ts';
import { findJoinedTeamLicenses, findMembershipsOf } from '../teams/team.repository.ts';
import { twoFactorStateOf } from '../teams/team-two-factor.ts';
import { resetTwoFactor } from '../two-factor/enrolment.service.ts';
import { applyRecovery } from '../ways-in/registry.ts';
import { emitEvent } from '../webhooks/emit.ts';
import { auditStream } from './audit-stream.ts';
import { type Actor, recordAction } from './operator-audit.ts';

/** What every operator's action is given: who, why, and the host whose brand the customer's mail wears. */
export interface ActionContext {
  actor: Actor;
  reason: string;
  host: string;
}

export const accountNotFound = () => notFound('admin.account_not_found');

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const licenseKeyPattern = /^GH-?[0-9A-Z]{4}(-?[0-9A-Z]{4}){3}$/i;

/** What a search term can name: each kind of match is asked for only when the term could be one. */
function searchTerms(q: string) {
  const compact = q.replace(/[\s-]/g, '').toUpperCase();
  const full = licenseKeyPattern.test(q.trim()) ? `GH-${compact.slice(2).match(/.{4}/g)?.join('-')}` : undefined;
  return {
    like: likePattern(q),
    id: uuidPattern.test(q) ? q.toLowerCase() : undefined,
    licenseHash: full ? sha256(full) : undefined,
    // Only the last four characters of a key are kept besides its hash: a longer tail is matched by its last four.
    licenseSuffix: !full && /^[0-9A-Z]{4,}$/.test(compact) ? compact.slice(-4) : undefined,
    panelUserId: q.length <= 200 ? q : undefined,
  };
}

type SearchTerms = ReturnType<typeof searchTerms>;

/**
 * The kinds of match kept in another table than the account's: each names the accounts a term
 * finds there (a query of their ids), or nothing when the term cannot be one. The search and its
 * `matchedBy` ask the same table.
 */
const matchers: { match: AccountMatch; accounts: (db: Db, terms: SearchTerms) => Expression<unknown> | undefined }[] = [
  {
    match: 'license',
    accounts: (db, { licenseHash, licenseSuffix }) =>
      licenseHash || licenseSuffix
        ? db
            .selectFrom('licenses')
            .select('account_id')
            .where((eb) => (licenseHash ? eb('key_hash', '=', licenseHash) : eb('key_suffix', '=', licenseSuffix ?? '')))
            .where('account_id', 'is not', null)
        : undefined,
  },
  {
    match: 'team',
    accounts: (db, { like }) =>
      db
        .selectFrom('team_members as m')
        .innerJoin('teams as t', 't.id', 'm.team_id')
        .select('m.account_id')
        .where(sql<boolean>`lower(t.name) like ${like} escape '\\'`),
  },
  {
    match: 'panelUser',
    accounts: (db, { panelUserId }) =>
      panelUserId ? db.selectFrom('panel_accounts').select('account_id').where('panel_user_id', '=', panelUserId) : undefined,
  },
];

export type SearchSort = 'email' | 'createdAt';

/**
 * The one search box (GET /admin/v1/accounts?q=): part of an address (any case), an account id,
 * a license key or its last four or more characters, a team name, a panel user id. Each result
 * says what it matched, so the console can show typed results.
 */
export async function searchAccounts(
  db: Db,
  input: { q: string; page: number; pageSize: number; sort: SearchSort; order: 'asc' | 'desc' },
): Promise<AdminPage<AccountSearchRow>> {
  const q = input.q.trim();
  const terms = searchTerms(q);
  const base = db.selectFrom('accounts').where((eb) => {
    if (!q) return eb.val(true);
    const any: Expression<SqlBool>[] = [sql<boolean>`lower(accounts.email) like ${terms.like} escape '\\'`];
    if (terms.id) any.push(eb('accounts.id', '=', terms.id));
    for (const matcher of matchers) {
      const accounts = matcher.accounts(db, terms);
      if (accounts) any.push(eb('accounts.id', 'in', accounts as never));
    }
    return eb.or(any as never);
  });
  const total = Number((await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0);
  const column = input.sort === 'email' ? 'accounts.email_key' : 'accounts.created_at';
  const rows = await base
    .select(['accounts.id', 'accounts.email', 'accounts.email_verified_at', 'accounts.disabled_at', 'accounts.created_at'])
    .orderBy(column, input.order)
    .orderBy('accounts.id')
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute();
  const ids = rows.map((row) => row.id);
  // What each row of this page matched, asked of the same matchers for these rows only.
  const matched = new Map<AccountMatch, Set<string>>();
  for (const matcher of q && ids.length > 0 ? matchers : []) {
    const accounts = matcher.accounts(db, terms);
    if (!accounts) continue;
    const found = await db
      .selectFrom('accounts')
      .select('accounts.id')
      .where('accounts.id', 'in', ids)
      .where((eb) => eb('accounts.id', 'in', accounts as never))
      .execute();
    matched.set(matcher.match, new Set(found.map((row) => row.id)));
  }
  const data = rows.map((row) => {
    const matchedBy: AccountMatch[] = [];
    if (q) {
      if (row.email.toLowerCase().includes(q.toLowerCase())) matchedBy.push('email');
      if (terms.id === row.id) matchedBy.push('id');
      for (const matcher of matchers) if (matched.get(matcher.match)?.has(row.id)) matchedBy.push(matcher.match);
    }
    return {
      id: row.id,
      email: row.email,
      emailVerified: row.email_verified_at !== null,
      disabled: row.disabled_at !== null,
      createdAt: row.created_at,
      matchedBy,
    };
  });
  return { data, paging: { page: input.page, pageSize: input.pageSize, total } };
}

async function requireAccount(db: DbOrTx, id: string): Promise<Account> {
  const account = uuidPattern.test(id) ? await findAccountById(db, id) : undefined;
  if (!account) throw accountNotFound();
  return account;
}

/** The license the person actually uses: their own while it is active, else the first joined team's active one. */
async function licenseInUse(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  withheld: ReadonlySet<string>,
): Promise<HealthCardLicense | null> {
  const now = deps.clock.now();
  const own = await deps.db.selectFrom('licenses').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  const describe = (license: NonNullable<typeof own>, source: 'own' | 'team', teamId: string | null) => ({
    id: license.id,
    plan: license.plan as Plan,
    status: licenseStatus(license, now) as LicenseStatus,
    source,
    teamId,
    keySuffix: license.key_suffix,
    expiresAt: license.expires_at,
  });
  if (own && licenseStatus(own, now) === 'active') return describe(own, 'own', null);
  for (const row of await findJoinedTeamLicenses(deps.db, accountId)) {
    const { teamId, teamName: _n, ownerEmail: _e, ownerFirstName: _f, ownerFamilyName: _l, ...license } = row;
    if (!withheld.has(teamId) && licenseStatus(license, now) === 'active') return describe(license, 'team', teamId);
  }
  return own ? describe(own, 'own', null) : null;
}

/**
 * The sign-in health card (GET /admin/v1/accounts/{id}): everything that decides whether the
 * person can get in, in one answer. Reading it is itself recorded (reading a customer's
 * personal data is an action, decision 061).
 */
export async function healthCard(deps: Deps, id: string, actor: Actor): Promise<HealthCard> {
  const account = await requireAccount(deps.db, id);
  const now = deps.clock.now();
  const [run, twoFactor, secondFactor, passkeys, identities, panelUsers, memberships, sessions, apps, lastSignIn] = await Promise.all([
    deps.limits.accountRun(account.email),
    hasAuthenticator(deps.db, account.id),
    hasSecondFactor(deps.db, account.id),
    deps.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', account.id)
      .executeTakeFirst(),
    deps.db
      .selectFrom('sso_identities')
      .select(['provider', 'email', 'created_at', 'last_used_at'])
      .where('account_id', '=', account.id)
      .execute(),
    deps.db.selectFrom('panel_accounts').select(['panel_id', 'panel_user_id']).where('account_id', '=', account.id).execute(),
    findMembershipsOf(deps.db, account.id),
    deps.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', account.id)
      .where('idle_expires_at', '>', iso(now))
      .where('absolute_expires_at', '>', iso(now))
      .where('credential_generation', '=', account.credential_generation)
      .executeTakeFirst(),
    listConnectedApps(deps, account.id),
    deps.db
      .selectFrom('auth_events')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('account_id', '=', account.id)
      .where('type', 'in', ['signin_succeeded', 'sso_signin', 'passkey_signin'])
      .executeTakeFirst(),
  ]);
  const teams = memberships.map((team) => {
    const state = twoFactorStateOf(team, undefined, now);
    const names = toTeamNames(team);
    return {
      id: team.teamId,
      name: names.name ?? names.ownerName,
      role: team.role,
      twoFactorRequired: state.required,
      // Its data and license are withheld from every session while the person has no second factor past the deadline.
      withheld: state.withheld && !secondFactor,
    };
  });
  const withheld = new Set(teams.filter((team) => team.withheld).map((team) => team.id));
  const license = await licenseInUse(deps, account.id, withheld);
  await deps.db
    .transaction()
    .execute((trx) =>
      recordAction(trx, deps.secrets, { type: 'account_viewed', accountId: account.id, actor, reason: null, at: iso(now) }),
    );
  const events = await auditStream(deps.db, { accountId: account.id, page: 1, pageSize: 20 });
  return {
    id: account.id,
    email: account.email,
    emailVerified: account.email_verified_at !== null,
    hasPassword: account.password_hash !== null,
    createdAt: account.created_at,
    disabled: account.disabled_at !== null,
    disabledAt: account.disabled_at,
    signInPaused: {
      paused: run.paused,
      failures: run.failures,
      until: run.until ? iso(run.until) : null,
      // The per-(address, client) waits last at most 15 minutes and are kept per client address: not listed here.
    },
    twoFactor: { enabled: twoFactor },
    passkeys: Number(passkeys?.n ?? 0),
    identities: identities.map((row) => ({
      provider: row.provider,
      email: row.email,
      linkedAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
    panelUsers: panelUsers.map((row) => ({ panelId: row.panel_id, panelUserId: row.panel_user_id })),
    teams,
    license,
    sessions: Number(sessions?.n ?? 0),
    connectedApps: apps,
    lastSignInAt: (lastSignIn?.at as string | null | undefined) ?? null,
    recentEvents: events.data,
  };
}

function signInLink(deps: Pick<Deps, 'config'>) {
  return screenUrl(deps.config.publicUrl, 'login');
}

function noticeMail(
  mail: WriteMail,
  account: Account,
  kind: 'account_disabled' | 'account_enabled' | 'sessions_ended_by_support',
  link?: string,
) {
  return mail({ to: account.email, kind, language: account.locale, params: { email: account.email, ...(link ? { link } : {}) } });
}

/**
 * Disables an account: it signs in no more, by any way, and every session ends (apps get a
 * back-channel logout). The credential generation moves on with it, so a sign-in checked just
 * before gets no session either (decision 029). The customer is mailed, naming no operator.
 */
export async function disableAccount(deps: Deps, id: string, context: ActionContext) {
  return withMail(deps, context.host, async (trx, mail) => {
    await lockAccount(trx, id);
    const account = await requireAccount(trx, id);
    if (account.disabled_at) throw conflict('admin.already_disabled');
    const now = iso(deps.clock.now());
    await updateCredential(trx, account.id, { disabled_at: now, updated_at: now });
    await endSessions(trx, deps, account.id, { all: true }, { type: 'sessions_ended', ip: null });
    await applyRecovery(trx, deps.clock, account.id, 'disable');
    await emitEvent(trx, deps.clock, 'account.disabled', { accountId: account.id });
    await recordAction(trx, deps.secrets, {
      type: 'account_disabled',
      accountId: account.id,
      actor: context.actor,
      reason: context.reason,
      at: now,
    });
    await noticeMail(mail, account, 'account_disabled');
    return { id: account.id, disabled: true };
  });
}

export async function enableAccount(deps: Deps, id: string, context: ActionContext) {
  return withMail(deps, context.host, async (trx, mail) => {
    await lockAccount(trx, id);
    const account = await requireAccount(trx, id);
    if (!account.disabled_at) throw conflict('admin.not_disabled');
    const now = iso(deps.clock.now());
    await updateCredential(trx, account.id, { disabled_at: null, updated_at: now });
    await emitEvent(trx, deps.clock, 'account.enabled', { accountId: account.id });
    await recordAction(trx, deps.secrets, {
      type: 'account_enabled',
      accountId: account.id,
      actor: context.actor,
      reason: context.reason,
      at: now,
    });
    await noticeMail(mail, account, 'account_enabled', signInLink(deps));
    return { id: account.id, disabled: false };
  });
}

/** Ends every session of the account; each app it signed in to gets a back-channel logout (decision 038). */
export async function endAccountSessions(deps: Deps, id: string, context: ActionContext) {
  return withMail(deps, context.host, async (trx, mail) => {
    await lockAccount(trx, id);
    const account = await requireAccount(trx, id);
    const now = iso(deps.clock.now());
    const ended = await endSessions(trx, deps, account.id, { all: true }, { type: 'sessions_ended', ip: null });
    await recordAction(trx, deps.secrets, {
      type: 'sessions_ended',
      accountId: account.id,
      actor: context.actor,
      reason: context.reason,
      detail: { sessions: ended.length },
      at: now,
    });
    if (ended.length > 0) await noticeMail(mail, account, 'sessions_ended_by_support', signInLink(deps));
    return { id: account.id, sessionsEnded: ended.length };
  });
}

/** Mails a new verification link to an account that has not confirmed its address yet. */
export async function resendVerificationFor(deps: Deps, id: string, context: ActionContext) {
  return withMail(deps, context.host, async (trx, mail) => {
    await lockAccount(trx, id);
    const account = await requireAccount(trx, id);
    if (account.disabled_at) throw conflict('admin.account_disabled');
    if (account.email_verified_at !== null || account.password_hash !== null) throw conflict('admin.already_verified');
    const now = iso(deps.clock.now());
    await mailVerification(deps, trx, mail, account, account.locale);
    await recordAuthEvent(trx, { accountId: account.id, type: 'verification_resent', ip: null, at: now });
    await recordAction(trx, deps.secrets, {
      type: 'verification_resent',
      accountId: account.id,
      actor: context.actor,
      reason: context.reason,
      at: now,
    });
    return { id: account.id, mailed: true };
  });
}

/** Mails the customer a password reset link, as "Forgot password?" does. */
export async function sendPasswordReset(deps: Deps, id: string, context: ActionContext) {
  const account = await requireAccount(deps.db, id);
  if (account.disabled_at) throw conflict('admin.account_disabled');
  // The customer's own flow: the same mail, token and limits per address; the operator's address is no customer's IP.
  await initPasswordReset(
    deps,
    { email: account.email },
    { ip: context.actor.ip ?? '127.0.0.1', userAgent: undefined, host: context.host },
  );
  await deps.db.transaction().execute((trx) =>
    recordAction(trx, deps.secrets, {
      type: 'password_reset_sent',
      accountId: account.id,
      actor: context.actor,
      reason: context.reason,
      at: iso(deps.clock.now()),
    }),
  );
  return { id: account.id, mailed: true };
}

/** Turns off the authenticator and recovery codes of an owner who lost both (the registry's `twoFactorReset`); mails the owner. */
export async function resetTwoFactorFor(deps: Deps, id: string, context: ActionContext) {
  const account = await requireAccount(deps.db, id);
  const reset = await resetTwoFactor(deps, account.email, context.host, (trx, at) =>
    recordAction(trx, deps.secrets, { type: 'two_factor_reset', accountId: account.id, actor: context.actor, reason: context.reason, at }),
  );
  if (!reset) throw conflict('two_factor.not_enabled');
  return { id: account.id, twoFactorReset: true };
}

/** Ends the run of failed sign-ins that paused the password for this address. */
export async function clearSignInPause(deps: Deps, id: string, context: ActionContext) {
  const account = await requireAccount(deps.db, id);
  const run = await deps.limits.accountRun(account.email);
  if (run.failures === 0) throw conflict('admin.no_sign_in_pause');
  await deps.limits.accountCleared(account.email);
  await deps.db.transaction().execute((trx) =>
    recordAction(trx, deps.secrets, {
      type: 'sign_in_pause_cleared',
      accountId: account.id,
      actor: context.actor,
      reason: context.reason,
      detail: { failures: run.failures },
      at: iso(deps.clock.now()),
    }),
  );
  return { id: account.id, cleared: true };
}
