import { errorMessages, isOperatorRole, normalizeEmail, operatorRoles, tokenScopes } from '@gatehouse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { checkSharedKey } from '../db/key-check.ts';
import type { Deps } from '../deps.ts';
import { findAccountByEmail } from '../features/accounts/account.repository.ts';
import { disableAccount, enableAccount, healthCard, resetTwoFactorFor } from '../features/operators/account-admin.service.ts';
import { cliActor, verifyChain } from '../features/operators/operator-audit.ts';
import {
  createAdminToken,
  grantOperator,
  listAdminTokens,
  listOperators,
  OperatorInputError,
  revokeAdminToken,
  revokeOperator,
} from '../features/operators/operators.service.ts';
import { SsoProviders } from '../features/sso/sso.providers.ts';
import { iso, systemClock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { createLimits } from '../lib/limits.ts';
import { createPasswordHasher } from '../lib/password-hasher.ts';
import { createRedis } from '../lib/redis.ts';
import { createSecrets, resolveSecretKey } from '../lib/secrets.ts';
import type { CliOut } from './out.ts';

export const operatorUsage = `  account show EMAIL       (the sign-in health card; the read is recorded)
  account disable EMAIL [--reason TEXT]   (every session ends; the owner is mailed)
  account enable EMAIL [--reason TEXT]
  account two-factor-reset EMAIL [--reason TEXT]   (the owner lost the authenticator and the recovery codes; mails the owner)
  operator grant EMAIL --role ${operatorRoles.join('|')}
  operator revoke EMAIL
  operator list
  admin-token create --name NAME --scopes ${tokenScopes.join(',')} [--expires DATE] [--operator EMAIL]
  admin-token list
  admin-token revoke ID
  audit verify             (checks the operators' chained audit rows: a row changed, removed or cut off)`;

export const operatorOptions = {
  role: { type: 'string' },
  scopes: { type: 'string' },
  reason: { type: 'string' },
  operator: { type: 'string' },
} as const;

interface OperatorValues {
  json?: boolean;
  name?: string;
  expires?: string;
  role?: string;
  scopes?: string;
  reason?: string;
  operator?: string;
}

const quiet = new Proxy({}, { get: (_target, key) => (key === 'child' ? () => quiet : () => {}) }) as FastifyBaseLogger;

/**
 * The services' dependencies as the server builds them, for the CLI: the remedies it shares
 * with the admin API mail the customer (the outbox of a running server sends it) and write the
 * same audit rows. Limits are shared through Redis when REDIS_URL is set; without it a paused
 * sign-in lives in the server's memory only, and `account show` cannot see it.
 */
async function cliDeps(db: Db, config: Config): Promise<{ deps: Deps; close: () => void }> {
  const key = resolveSecretKey(config.secretKey, config.dataDir).key;
  await checkSharedKey(db, key, iso(systemClock.now()));
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const deps: Deps = {
    config,
    db,
    clock: systemClock,
    hasher: createPasswordHasher(config),
    limits: createLimits(redis, { accountSigninFailures: config.accountSigninFailures }),
    log: quiet,
    mailWritten: () => {},
    secrets: createSecrets(key),
    sso: new SsoProviders(config, () => Date.now()),
  };
  return { deps, close: () => redis?.disconnect() };
}

function emailOf(value: string | undefined): string {
  const result = normalizeEmail(value ?? '');
  if (!result.ok) throw new OperatorInputError(value ? `not a valid e-mail address: ${value}` : 'an e-mail address is required');
  return result.email;
}

function dateOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new OperatorInputError('--expires must be a date, e.g. 2027-12-31');
  return iso(date);
}

async function accountIdByEmail(db: Db, email: string): Promise<string> {
  const account = await findAccountByEmail(db, email);
  if (!account) throw new OperatorInputError(`no account for ${email}`);
  return account.id;
}

/**
 * The operator's commands: accounts, operators, admin tokens, the audit chain (decisions
 * 059-061). They call the services the admin API calls, as the CLI's actor. Returns false for
 * a command that is not one of these; throws OperatorInputError for bad input.
 */
export async function runOperatorCommand(db: Db, config: Config, words: string[], values: OperatorValues, out: CliOut): Promise<boolean> {
  const [area, action, argument] = words;
  if (area !== 'account' && area !== 'operator' && area !== 'admin-token' && area !== 'audit') return false;
  const { deps, close } = await cliDeps(db, config);
  const actor = cliActor();
  const host = new URL(config.publicUrl).host;
  const context = { actor, reason: values.reason?.trim() || 'given at the command line, without a reason', host };
  try {
    switch (`${area} ${action}`) {
      case 'account show': {
        const card = await healthCard(deps, await accountIdByEmail(db, emailOf(argument)), actor);
        const { recentEvents, ...rest } = card;
        out.print(card, [
          ...Object.entries(rest).map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : v}`),
          'recentEvents:',
          ...recentEvents.map(
            (e) => `  ${e.at}  ${e.type}${e.actor ? `  by ${e.actor.kind} ${e.actor.name}` : ''}${e.reason ? `  (${e.reason})` : ''}`,
          ),
        ]);
        return true;
      }
      case 'account disable':
      case 'account enable': {
        const id = await accountIdByEmail(db, emailOf(argument));
        const done = action === 'disable' ? await disableAccount(deps, id, context) : await enableAccount(deps, id, context);
        out.print(done, [`${argument} is ${done.disabled ? 'disabled: every session ended' : 'enabled again'}; the owner is mailed.`]);
        return true;
      }
      case 'account two-factor-reset': {
        const email = emailOf(argument);
        const done = await resetTwoFactorFor(deps, await accountIdByEmail(db, email), context);
        out.print({ email, ...done }, [`Two-factor authentication of ${email} was turned off; the owner is mailed.`]);
        return true;
      }
      case 'operator grant': {
        const role = values.role ?? '';
        if (!isOperatorRole(role)) throw new OperatorInputError(`--role must be one of ${operatorRoles.join(', ')}`);
        const granted = await grantOperator(deps, emailOf(argument), role, actor);
        out.print(granted, [`${granted.email} is an operator with the ${role} role.`]);
        return true;
      }
      case 'operator revoke': {
        const email = emailOf(argument);
        if (!(await revokeOperator(deps, email, actor))) throw new OperatorInputError(`${email} is not an operator`);
        out.print({ revoked: email }, [`${email} is no longer an operator; their tokens stop working now.`]);
        return true;
      }
      case 'operator list': {
        const rows = await listOperators(db);
        out.print(
          rows,
          rows.map((r) => `${r.email.padEnd(40)} ${r.role.padEnd(9)} since ${r.grantedAt} by ${r.grantedBy}`),
        );
        return true;
      }
      case 'admin-token create': {
        if (!values.name) throw new OperatorInputError('--name is required');
        const scopes = (values.scopes ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const wrong = scopes.filter((scope) => !(tokenScopes as readonly string[]).includes(scope));
        if (wrong.length > 0) throw new OperatorInputError(`--scopes must be among ${tokenScopes.join(', ')} (not ${wrong.join(', ')})`);
        const created = await createAdminToken(
          deps,
          {
            name: values.name,
            scopes: scopes as (typeof tokenScopes)[number][],
            expiresAt: dateOf(values.expires),
            operatorEmail: values.operator === undefined ? undefined : emailOf(values.operator),
          },
          actor,
        );
        if (!values.json) out.note(`Created admin token ${created.id}. It is shown only now:`);
        out.print(created, [created.token]);
        return true;
      }
      case 'admin-token list': {
        const rows = await listAdminTokens(db);
        out.print(
          rows,
          rows.map(
            (r) =>
              `${r.id}  ${r.revokedAt ? 'revoked' : r.expiresAt && r.expiresAt <= iso(new Date()) ? 'expired' : 'active '}  ${r.name}  ${r.scopes.join(',')}  last used ${r.lastUsedAt ?? 'never'}`,
          ),
        );
        return true;
      }
      case 'admin-token revoke': {
        if (!argument || !(await revokeAdminToken(deps, argument, actor)))
          throw new OperatorInputError('no active admin token with that id');
        out.print({ revoked: argument }, [`Revoked admin token ${argument}.`]);
        return true;
      }
      case 'audit verify': {
        const report = await verifyChain(db, deps.secrets);
        out.print(report, [
          report.ok
            ? `The operators' audit chain holds: ${report.rows} rows, head ${report.head.seq} ${report.head.hash}`
            : `The operators' audit chain is broken:`,
          ...report.problems.map((problem) => `  ${problem}`),
        ]);
        if (!report.ok) out.fail();
        return true;
      }
      default:
        throw new OperatorInputError(`unknown command: ${words.slice(0, 2).join(' ')}`);
    }
  } catch (error) {
    // The services' refusals, as the API words them, are the CLI's input errors too.
    if (error instanceof AppError) throw new OperatorInputError(errorMessages[error.code].replace(/\{\w+\}/g, ''));
    throw error;
  } finally {
    close();
  }
}
