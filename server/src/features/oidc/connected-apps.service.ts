import type { ConnectedAppView } from '@gatehouse/contract';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { queueGrantLogouts } from './oidc-logout.repository.ts';

/**
 * The apps the account signed in to, one line per app (its sign-ins from several devices folded):
 * first sign-in and last use, which the provider's account lookup records at each code exchange,
 * refresh and userinfo call (decision 044).
 */
export async function listConnectedApps(deps: Deps, accountId: string): Promise<ConnectedAppView[]> {
  const rows = await deps.db
    .selectFrom('oidc_grants')
    .innerJoin('oidc_clients', 'oidc_clients.id', 'oidc_grants.client_id')
    .select((eb) => [
      'oidc_clients.id as id',
      'oidc_clients.name as name',
      eb.fn.min('oidc_grants.created_at').as('signedInAt'),
      eb.fn.max('oidc_grants.last_used_at').as('lastUsedAt'),
    ])
    .where('oidc_grants.account_id', '=', accountId)
    .where('oidc_clients.revoked_at', 'is', null)
    .groupBy(['oidc_clients.id', 'oidc_clients.name'])
    .orderBy('lastUsedAt', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, signedInAt: String(row.signedInAt), lastUsedAt: String(row.lastUsedAt) }));
}

/**
 * "Sign out of this app": every grant of this account to that app ends with its codes and tokens,
 * and the app is owed a back-channel logout for each of its sign-ins, in one transaction
 * (decision 038's outbox). The Gatehouse sessions and the other apps stay.
 */
export async function signOutOfApp(deps: Deps, accountId: string, clientId: string, caller: Caller): Promise<void> {
  const now = iso(deps.clock.now());
  await deps.db.transaction().execute(async (trx) => {
    const grants = await trx
      .selectFrom('oidc_grants')
      .select(['grant_key', 'client_id', 'account_id', 'sid', 'issuer'])
      .where('account_id', '=', accountId)
      .where('client_id', '=', clientId)
      .execute();
    if (grants.length === 0) throw notFound('oidc.app_not_connected');
    await queueGrantLogouts(trx, grants, now);
    const keys = grants.map((grant) => grant.grant_key);
    await trx.deleteFrom('oidc_payloads').where('grant_key', 'in', keys).execute();
    await trx.deleteFrom('oidc_grants').where('grant_key', 'in', keys).execute();
    await recordAuthEvent(trx, { accountId, type: 'app_signed_out', ip: caller.ip, at: now });
  });
}
