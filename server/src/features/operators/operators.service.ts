import { createHmac } from 'node:crypto';
import { type AdminScope, type OperatorRole, roleScopes, type tokenScopes } from '@gatehouse/contract';
import type { Db } from '../../db/database.ts';
import { stampOnce } from '../../db/stamp-once.ts';
import { type Clock, iso } from '../../lib/clock.ts';
import { newId, randomToken } from '../../lib/crypto.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { findAccountByEmail, findAccountById } from '../accounts/account.repository.ts';
import { type Actor, recordAction } from './operator-audit.ts';

interface OperatorDeps {
  db: Db;
  clock: Clock;
  secrets: Secrets;
}

export class OperatorInputError extends Error {}

const actorLabel = (actor: Actor) => `${actor.kind}:${actor.kind === 'operator' ? actor.id : actor.name}`;

/** Grants (or changes) an operator's role; the account must exist and have confirmed its address. */
export async function grantOperator(deps: OperatorDeps, email: string, role: OperatorRole, actor: Actor) {
  const account = await findAccountByEmail(deps.db, email);
  if (!account) throw new OperatorInputError(`no account for ${email}`);
  if (!account.email_verified_at) throw new OperatorInputError(`${email} has not confirmed its address yet`);
  const now = iso(deps.clock.now());
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('operators')
      .values({ account_id: account.id, role, granted_at: now, granted_by: actorLabel(actor) })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ role, granted_at: now, granted_by: actorLabel(actor) }))
      .execute();
    await recordAction(trx, deps.secrets, {
      type: 'operator_granted',
      accountId: account.id,
      actor,
      reason: null,
      detail: { role },
      at: now,
    });
  });
  return { id: account.id, email: account.email, role };
}

export async function revokeOperator(deps: OperatorDeps, email: string, actor: Actor): Promise<boolean> {
  const account = await findAccountByEmail(deps.db, email);
  if (!account) return false;
  const now = iso(deps.clock.now());
  return deps.db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('operators').where('account_id', '=', account.id).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    await recordAction(trx, deps.secrets, { type: 'operator_revoked', accountId: account.id, actor, reason: null, at: now });
    return true;
  });
}

export async function listOperators(db: Db) {
  const rows = await db
    .selectFrom('operators')
    .innerJoin('accounts', 'accounts.id', 'operators.account_id')
    .select([
      'operators.account_id as id',
      'accounts.email',
      'operators.role',
      'operators.granted_at as grantedAt',
      'operators.granted_by as grantedBy',
    ])
    .orderBy('accounts.email')
    .execute();
  return rows;
}

export function findOperatorRole(db: Db, accountId: string): Promise<OperatorRole | undefined> {
  return db
    .selectFrom('operators')
    .select('role')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
    .then((row) => row?.role);
}

/** The stored form of an admin token: an HMAC under a key derived for this purpose alone. */
function tokenKey(secrets: Secrets, token: string): string {
  return createHmac('sha256', secrets.subKey('admin token')).update(token).digest('base64url');
}

const tokenPrefix = 'gha_';
/** Every admin token expires: 90 days unless --expires names another day. */
export const defaultTokenDays = 90;

export interface NewAdminToken {
  name: string;
  scopes: (typeof tokenScopes)[number][];
  expiresAt?: string;
  /** An operator's own token: it acts as the operator, and never beyond the operator's role. */
  operatorEmail?: string;
}

/** Makes an admin token; the token itself is returned once and never stored. */
export async function createAdminToken(deps: OperatorDeps, input: NewAdminToken, actor: Actor): Promise<{ id: string; token: string }> {
  const name = input.name.trim();
  if (!name || name.length > 100 || /[\p{Cc}]/u.test(name)) throw new OperatorInputError('--name must be 1 to 100 characters, on one line');
  if (input.scopes.length === 0) throw new OperatorInputError('--scopes must name at least one scope');
  const now = deps.clock.now();
  if (input.expiresAt !== undefined && input.expiresAt <= iso(now)) throw new OperatorInputError('--expires must be in the future');
  let operatorId: string | null = null;
  if (input.operatorEmail !== undefined) {
    const account = await findAccountByEmail(deps.db, input.operatorEmail);
    const role = account && (await findOperatorRole(deps.db, account.id));
    if (!account || !role) throw new OperatorInputError(`${input.operatorEmail} is not an operator`);
    const beyond = input.scopes.filter((scope) => !roleScopes[role].includes(scope));
    if (beyond.length > 0) throw new OperatorInputError(`the ${role} role does not allow ${beyond.join(', ')}`);
    operatorId = account.id;
  }
  const expiresAt = input.expiresAt ?? iso(new Date(now.getTime() + defaultTokenDays * 86_400_000));
  const id = newId();
  const token = `${tokenPrefix}${randomToken()}`;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('admin_tokens')
      .values({
        id,
        name,
        token_key: tokenKey(deps.secrets, token),
        scopes: [...new Set(input.scopes)].join(' '),
        operator_account_id: operatorId,
        created_by: actorLabel(actor),
        created_at: iso(now),
        expires_at: expiresAt,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    await recordAction(trx, deps.secrets, {
      type: 'admin_token_created',
      accountId: operatorId,
      actor,
      reason: null,
      detail: { tokenId: id, name, scopes: input.scopes, expiresAt },
      at: iso(now),
    });
  });
  return { id, token };
}

export async function revokeAdminToken(deps: OperatorDeps, id: string, actor: Actor): Promise<boolean> {
  const now = iso(deps.clock.now());
  return deps.db.transaction().execute(async (trx) => {
    if (!(await stampOnce(trx, 'admin_tokens', 'revoked_at', now, { id }))) return false;
    await recordAction(trx, deps.secrets, {
      type: 'admin_token_revoked',
      accountId: null,
      actor,
      reason: null,
      detail: { tokenId: id },
      at: now,
    });
    return true;
  });
}

export async function listAdminTokens(db: Db) {
  const rows = await db.selectFrom('admin_tokens').selectAll().orderBy('created_at').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: row.scopes.split(' '),
    operatorId: row.operator_account_id,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }));
}

/** Who is calling the admin API and what they may do. */
export interface AdminPrincipal {
  actor: Actor;
  scopes: ReadonlySet<AdminScope>;
}

// Writing last use on every call would write on every read; once a minute is plenty.
const touchIntervalMs = 60_000;

/**
 * The principal behind a bearer token, or undefined for an unknown, revoked or expired token,
 * or an operator's token whose operator is no longer one. An operator's token never reaches
 * beyond the operator's role as it is now: a role lowered takes effect on the next call.
 */
export async function authenticateAdminToken(deps: OperatorDeps, token: string, ip: string): Promise<AdminPrincipal | undefined> {
  if (!token.startsWith(tokenPrefix) || token.length > 200) return undefined;
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom('admin_tokens')
    .selectAll()
    .where('token_key', '=', tokenKey(deps.secrets, token))
    .executeTakeFirst();
  if (!row || row.revoked_at || (row.expires_at && row.expires_at <= iso(now))) return undefined;
  let scopes = row.scopes.split(' ') as AdminScope[];
  let actor: Actor = { kind: 'token', id: row.id, name: row.name, ip };
  if (row.operator_account_id) {
    const account = await findAccountById(deps.db, row.operator_account_id);
    const role = account && !account.disabled_at && (await findOperatorRole(deps.db, account.id));
    if (!account || !role) return undefined;
    scopes = scopes.filter((scope) => roleScopes[role].includes(scope));
    actor = { kind: 'operator', id: account.id, name: account.email, ip };
  }
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > touchIntervalMs) {
    await deps.db
      .updateTable('admin_tokens')
      .set({ last_used_at: iso(now) })
      .where('id', '=', row.id)
      .execute();
  }
  return { actor, scopes: new Set(scopes) };
}
