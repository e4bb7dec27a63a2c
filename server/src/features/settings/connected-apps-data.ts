import type { AccountDataPart } from './account-data-part.ts';

/**
 * The apps registered by the operator and the provider's signing keys: nothing about a person.
 * The logouts owed to apps hold ids only, until delivered; a deletion leaves them, since the
 * deleted account's apps must still hear of it (decision 038).
 */
export const oidcTablesWithoutAccountData = ['oidc_clients', 'oidc_keys', 'oidc_logout_outbox'];

/**
 * The apps the person signed in to through Gatehouse: which one, when, last used. The
 * provider's own records about them (sealed codes, tokens, grants) are erased, not exported:
 * sealed, they say nothing a person could read.
 */
export const connectedApps: AccountDataPart = {
  name: 'connectedApps',
  tables: ['oidc_grants', 'oidc_payloads'],
  export: (db, account) =>
    db
      .selectFrom('oidc_grants')
      .innerJoin('oidc_clients', 'oidc_clients.id', 'oidc_grants.client_id')
      .select(['oidc_clients.name as app', 'oidc_grants.created_at as signedInAt', 'oidc_grants.last_used_at as lastUsedAt'])
      .where('oidc_grants.account_id', '=', account.id)
      .orderBy('oidc_grants.created_at')
      .execute(),
  async erase(trx, account) {
    await trx.deleteFrom('oidc_grants').where('account_id', '=', account.id).execute();
    await trx.deleteFrom('oidc_payloads').where('account_id', '=', account.id).execute();
  },
};
