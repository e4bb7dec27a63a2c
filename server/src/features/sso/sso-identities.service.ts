import { type SsoIdentitiesResponse, ssoProviderRegistry } from '@gatehouse/contract';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { findAccountById, lockAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { refuseLastWayIn } from '../ways-in/last-way-in.ts';
import { notifyWayIn } from '../ways-in/notice.ts';
import { deleteIdentity, listIdentities } from './sso.repository.ts';

export async function connectedIdentities(deps: Deps, accountId: string): Promise<SsoIdentitiesResponse> {
  const [identities, account] = await Promise.all([listIdentities(deps.db, accountId), findAccountById(deps.db, accountId)]);
  return {
    identities: identities.map((identity) => ({
      id: identity.id,
      provider: identity.provider,
      email: identity.email,
      createdAt: identity.created_at,
      lastUsedAt: identity.last_used_at,
    })),
    hasPassword: account?.password_hash != null,
  };
}

/**
 * Disconnects an identity, unless it is the account's last way in (no password, no other
 * identity, no passkey): the check and the delete run under the account's lock, so two
 * concurrent removals cannot take the last two.
 */
export async function disconnectIdentity(deps: Deps, accountId: string, identityId: string, caller: Caller): Promise<void> {
  await withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, accountId);
    const account = await findAccountById(trx, accountId);
    const identity = (await listIdentities(trx, accountId)).find((candidate) => candidate.id === identityId);
    if (!account || !identity) throw notFound('sso.identity_not_found');
    await refuseLastWayIn(trx, accountId, 'sso.last_method');
    await deleteIdentity(trx, accountId, identityId);
    await recordAuthEvent(trx, { accountId, type: 'sso_unlinked', ip: caller.ip, at: iso(deps.clock.now()) });
    await notifyWayIn(deps, mail, account, 'identity', 'removed', ssoProviderRegistry[identity.provider].name);
  });
}
