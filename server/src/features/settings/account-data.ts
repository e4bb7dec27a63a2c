import type { DbOrTx } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import { findAccountByEmail } from '../accounts/account.repository.ts';
import { describeUserAgent } from './user-agent.ts';

/**
 * Everything stored about a person, table by table: what "Download my data" exports and what
 * deleting the account erases, in one list so the two cannot drift apart. A feature that adds a
 * table holding account data (single sign-on identities, team memberships) adds one entry here;
 * the deletion test then proves its rows are gone. Entries erase in this order, before the
 * account row itself (foreign keys point at it).
 */
export interface AccountDataPart {
  /** Its key in the exported JSON file. */
  name: string;
  /** The rows as the person should read them; undefined leaves the part out of the export. */
  export?(db: DbOrTx, account: Account): Promise<unknown>;
  erase(trx: DbOrTx, account: Account): Promise<void>;
}

export const accountData: AccountDataPart[] = [
  {
    // Mail to the person (verification, resets, notices) holds the address and links: mail to
    // the account's address and to the addresses its e-mail changes named, unless one of those
    // is another account's (a change refused as taken): that mail is the other person's.
    name: 'mail',
    async erase(trx, account) {
      const named = await trx.selectFrom('one_time_tokens').select('new_email').where('account_id', '=', account.id).execute();
      const addresses = [account.email];
      for (const { new_email: address } of named) {
        if (address && !addresses.includes(address) && !(await findAccountByEmail(trx, address))) addresses.push(address);
      }
      await trx.deleteFrom('mail_outbox').where('to_address', 'in', addresses).execute();
    },
  },
  {
    name: 'consents',
    export: (db, account) =>
      db
        .selectFrom('consents')
        .select(['kind', 'granted', 'policy_version as policyVersion', 'created_at as at'])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, granted: row.granted === 1 }))),
    erase: async (trx, account) => {
      await trx.deleteFrom('consents').where('account_id', '=', account.id).execute();
    },
  },
  {
    name: 'sessions',
    export: (db, account) =>
      db
        .selectFrom('sessions')
        .select(['created_at', 'last_seen_at', 'idle_expires_at', 'absolute_expires_at', 'ip', 'user_agent'])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            createdAt: row.created_at,
            lastSeenAt: row.last_seen_at,
            expiresAt: [row.idle_expires_at, row.absolute_expires_at].sort()[0],
            ip: row.ip,
            userAgent: row.user_agent,
            ...describeUserAgent(row.user_agent),
          })),
        ),
    erase: async (trx, account) => {
      await trx.deleteFrom('sessions').where('account_id', '=', account.id).execute();
    },
  },
  {
    // Only hashes of links and codes: nothing a person could read, so not exported.
    name: 'oneTimeTokens',
    erase: async (trx, account) => {
      await trx.deleteFrom('one_time_tokens').where('account_id', '=', account.id).execute();
    },
  },
  {
    name: 'panelAccounts',
    export: (db, account) =>
      db
        .selectFrom('panel_accounts')
        .innerJoin('panels', 'panels.id', 'panel_accounts.panel_id')
        .select([
          'panels.name as panel',
          'panels.platform',
          'panel_accounts.panel_user_id as panelUserId',
          'panel_accounts.created_at as linkedAt',
        ])
        .where('panel_accounts.account_id', '=', account.id)
        .execute(),
    erase: async (trx, account) => {
      await trx.deleteFrom('panel_accounts').where('account_id', '=', account.id).execute();
    },
  },
  {
    // Released, not revoked: the key in the purchase mail can be activated on a new account (decision 017).
    name: 'license',
    export: (db, account) =>
      db
        .selectFrom('licenses')
        .select([
          'plan',
          'kind',
          'key_suffix as keySuffix',
          'activated_at as activatedAt',
          'expires_at as expiresAt',
          'revoked_at as revokedAt',
        ])
        .where('account_id', '=', account.id)
        .executeTakeFirst()
        .then((row) => row ?? null),
    erase: async (trx, account) => {
      await trx.updateTable('licenses').set({ account_id: null, activated_at: null }).where('account_id', '=', account.id).execute();
    },
  },
  {
    name: 'auditLog',
    export: (db, account) =>
      db
        .selectFrom('auth_events')
        .select(['type', 'ip', 'created_at as at'])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .execute(),
    erase: async (trx, account) => {
      await trx.deleteFrom('auth_events').where('account_id', '=', account.id).execute();
    },
  },
];

/** The account row as the person should read it. */
export function exportAccount(account: Account) {
  return {
    id: account.id,
    email: account.email,
    emailVerifiedAt: account.email_verified_at,
    firstName: account.first_name,
    familyName: account.family_name,
    language: account.locale,
    hasPassword: account.password_hash !== null,
    passwordChangedAt: account.password_changed_at,
    dataProcessingConsentAt: account.data_processing_consent_at,
    marketingConsentAt: account.marketing_consent_at,
    analyticsConsentAt: account.analytics_consent_at,
    createdAt: account.created_at,
    updatedAt: account.updated_at,
  };
}
