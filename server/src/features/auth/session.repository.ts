import type { ExpressionBuilder } from 'kysely';
import { compiledOnce } from '../../db/compiled-query.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, Database, License, Session, SessionsTable } from '../../db/schema.ts';

const lockForWayIn = compiledOnce((db: DbOrTx, accountId: string) =>
  db
    .updateTable('accounts')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('accounts.id', '=', accountId)
    .returningAll()
    .returning((eb) =>
      eb
        .exists(
          eb
            .selectFrom('totp_factors')
            .select('totp_factors.account_id')
            .whereRef('totp_factors.account_id', '=', 'accounts.id')
            .where('totp_factors.confirmed_at', 'is not', null),
        )
        .as('has_authenticator'),
    ),
);

/**
 * What every way in does first in its transaction (startSession): takes the account's row lock
 * (as `lockAccount`), and reads the account under it with whether it has a confirmed
 * authenticator app, in one statement compiled once: a sign-in's transaction is a round of
 * messages to SQLite's writer thread per statement (decision 063).
 */
export async function lockAccountForWayIn(
  db: DbOrTx,
  accountId: string,
): Promise<{ account: Account; hasAuthenticator: boolean } | undefined> {
  const [row] = await lockForWayIn(db, accountId);
  if (!row) return undefined;
  const { has_authenticator, ...account } = row;
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  return { account, hasAuthenticator: Boolean(has_authenticator) };
}

export async function insertSession(db: DbOrTx, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

const sessionLookup = compiledOnce((db: DbOrTx, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    // At most one: a unique index on licenses.account_id.
    .leftJoin('licenses', 'licenses.account_id', 'accounts.id')
    .selectAll('accounts')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash as session_token_hash',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.idle_expires_at as session_idle_expires_at',
      'sessions.absolute_expires_at as session_absolute_expires_at',
      'sessions.ip as session_ip',
      'sessions.user_agent as session_user_agent',
      'sessions.amr as session_amr',
      'licenses.id as license_id',
      'licenses.key_hash as license_key_hash',
      'licenses.key_suffix as license_key_suffix',
      'licenses.plan as license_plan',
      'licenses.kind as license_kind',
      'licenses.panel_id as license_panel_id',
      'licenses.revoked_at as license_revoked_at',
      'licenses.expires_at as license_expires_at',
      'licenses.activated_at as license_activated_at',
      'licenses.created_at as license_created_at',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('team_members')
            .select('team_members.id')
            .whereRef('team_members.account_id', '=', 'accounts.id')
            .where('team_members.role', '<>', 'owner'),
        )
        .as('joined_teams'),
    )
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('team_members')
            .innerJoin('teams', 'teams.id', 'team_members.team_id')
            .select('team_members.id')
            .whereRef('team_members.account_id', '=', 'accounts.id')
            .where('teams.two_factor_required_at', 'is not', null),
        )
        .as('two_factor_teams'),
    )
    .where('sessions.token_hash', '=', tokenHash)
    // Started for a credential that has changed since: dead (decision 029).
    .whereRef('sessions.credential_generation', '=', 'accounts.credential_generation')
    .where('sessions.idle_expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now),
);

/** A live session with its account, what GET /session shows beside them read in the same statement. */
export interface LiveSession {
  session: Session;
  account: Account;
  /** The account's own license, if it has one. */
  license: License | null;
  /** Whether the account is a member of another team than its own (whose license may then apply). */
  joinedTeams: boolean;
  /** Whether a team of the account requires two-factor (decision 047): only then is more to read. */
  twoFactorTeams: boolean;
}

/**
 * A live session, its account, the account's license, whether it joined other teams and whether
 * one of its teams requires two-factor, in one
 * statement: every signed-in call starts with it, and GET /session needs no other for an account
 * that joined no team (compiled once, decision 028).
 */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: string): Promise<LiveSession | undefined> {
  const [row] = await sessionLookup(db, tokenHash, now);
  if (!row) return undefined;
  // Each object built field by field: a rest spread (`...account`) of this 35-column row cost
  // more than the statement itself (V8's slow path for rests with many excluded keys).
  const account: Account = {
    id: row.id,
    email: row.email,
    email_key: row.email_key,
    email_verified_at: row.email_verified_at,
    password_hash: row.password_hash,
    password_changed_at: row.password_changed_at,
    first_name: row.first_name,
    family_name: row.family_name,
    locale: row.locale,
    marketing_consent_at: row.marketing_consent_at,
    analytics_consent_at: row.analytics_consent_at,
    data_processing_consent_at: row.data_processing_consent_at,
    disabled_at: row.disabled_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    code_failures: row.code_failures,
    credential_generation: row.credential_generation,
  };
  const session: Session = {
    id: row.session_id,
    token_hash: row.session_token_hash,
    account_id: row.id,
    created_at: row.session_created_at,
    last_seen_at: row.session_last_seen_at,
    idle_expires_at: row.session_idle_expires_at,
    absolute_expires_at: row.session_absolute_expires_at,
    ip: row.session_ip,
    user_agent: row.session_user_agent,
    credential_generation: row.credential_generation,
    amr: row.session_amr,
  };
  const license: License | null =
    row.license_id === null
      ? null
      : {
          id: row.license_id,
          key_hash: row.license_key_hash as string,
          key_suffix: row.license_key_suffix as string,
          plan: row.license_plan as License['plan'],
          kind: row.license_kind as License['kind'],
          panel_id: row.license_panel_id,
          revoked_at: row.license_revoked_at,
          expires_at: row.license_expires_at,
          account_id: row.id,
          activated_at: row.license_activated_at,
          created_at: row.license_created_at as string,
        };
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  return { session, account, license, joinedTeams: Boolean(row.joined_teams), twoFactorTeams: Boolean(row.two_factor_teams) };
}

export function listLiveSessions(db: DbOrTx, accountId: string, now: string): Promise<Session[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

export async function touchSession(db: DbOrTx, id: string, lastSeenAt: string, idleExpiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt }).where('id', '=', id).execute();
}

/**
 * Deletes up to `limit` sessions that can never be used again: expired, or started for a
 * credential the account has moved on from (decision 029). Their app grants go with them
 * (foreign key), as dead as the session was. Returns how many went.
 */
export async function deleteDeadSessions(db: DbOrTx, now: string, limit: number): Promise<number> {
  const dead = db
    .selectFrom('sessions')
    .select('sessions.id')
    .where((eb) =>
      eb.or([
        eb('sessions.idle_expires_at', '<=', now),
        eb('sessions.absolute_expires_at', '<=', now),
        eb(
          'sessions.credential_generation',
          '<>',
          eb.selectFrom('accounts').select('accounts.credential_generation').whereRef('accounts.id', '=', 'sessions.account_id'),
        ),
      ]),
    )
    .limit(limit);
  const rows = await db.deleteFrom('sessions').where('id', 'in', dead).returning('id').execute();
  return rows.length;
}

/** Which of an account's sessions to end: all, all but one (the caller's), or one. */
export type SessionScope = { all: true } | { except: string } | { only: string };

function inScope(eb: ExpressionBuilder<Database, 'sessions'>, accountId: string, scope: SessionScope) {
  const conditions = [eb('sessions.account_id', '=', accountId)];
  if ('only' in scope) conditions.push(eb('sessions.id', '=', scope.only));
  if ('except' in scope) conditions.push(eb('sessions.id', '!=', scope.except));
  return eb.and(conditions);
}

/** The ids of the account's sessions in the scope. */
export async function sessionIdsInScope(db: DbOrTx, accountId: string, scope: SessionScope): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where((eb) => inScope(eb, accountId, scope))
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the account's sessions in the scope; returns the ids that ended. */
export async function deleteSessions(db: DbOrTx, accountId: string, scope: SessionScope): Promise<string[]> {
  const rows = await db
    .deleteFrom('sessions')
    .where((eb) => inScope(eb, accountId, scope))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A session that has just proved more (a second factor, confirmed while signed in) keeps the stronger proof. */
export async function setSessionAmr(db: DbOrTx, id: string, amr: string): Promise<void> {
  await db.updateTable('sessions').set({ amr }).where('id', '=', id).execute();
}
