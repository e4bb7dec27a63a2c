import type { Account } from '../../db/schema.ts';
import { removeSecondFactors } from '../auth/challenge.repository.ts';
import { describeUserAgent } from '../auth/user-agent.ts';
import { sentToPerson } from './account-addresses.ts';
import type { AccountDataPart } from './account-data-part.ts';
import { connectedApps, oidcTablesWithoutAccountData } from './connected-apps-data.ts';
import { eraseInvitations, eraseTeams, exportInvitations, exportTeams } from './team-data.ts';

export type { AccountDataPart } from './account-data-part.ts';

/**
 * Tables that hold nothing about a person: hosting panels, their origins, white-label brands,
 * the server key's fingerprint, the operator's webhook endpoints, the ids of licenses whose
 * expiry was announced.
 */
export const tablesWithoutAccountData = [
  'panels',
  'panel_origins',
  'brands',
  'server_keys',
  'webhook_endpoints',
  'webhook_expiries',
  // The operators' audit chain keeps its rows (decision 061): removing one would break the chain
  // that proves nothing was changed, and an erased account's id there names nobody any more.
  'operator_actions',
  'audit_chain_head',
  ...oidcTablesWithoutAccountData,
];

export const accountData: AccountDataPart[] = [
  connectedApps,
  {
    // Mail to the person (verification, resets, notices) holds the address and links: mail to
    // every address the account has had, while it had it, and the confirmation mail its e-mail changes sent to
    // addresses it asked for. Other mail to those (an "already used" notice to another account,
    // an invitation to an address nobody proved) is not the person's.
    name: 'mail',
    tables: ['mail_outbox'],
    async erase(trx, _account, addresses) {
      await trx
        .deleteFrom('mail_outbox')
        .where((eb) => {
          const to = eb.fn<string>('lower', ['to_address']);
          const confirmations = eb.and([eb(to, 'in', addresses.asked), eb('kind', 'in', ['email_change_verify', 'email_change_code'])]);
          return eb.or([sentToPerson(eb, to, eb.ref('created_at'), addresses), ...(addresses.asked.length > 0 ? [confirmations] : [])]);
        })
        .execute();
    },
  },
  {
    name: 'consents',
    // signup_choices: the boxes ticked at sign-up, until the password is set (then they are ledger rows).
    tables: ['consents', 'signup_choices'],
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
      await trx.deleteFrom('signup_choices').where('account_id', '=', account.id).execute();
    },
  },
  {
    // What the monitoring backend was sent (decision 055): the events wait to be delivered, the
    // account.deleted event last, and then go with their log (webhooks/account-events.ts).
    name: 'webhooks',
    tables: ['webhook_events', 'webhook_deliveries', 'webhook_sequences', 'webhook_entitlements'],
    erase: async (trx, account) => {
      await trx.deleteFrom('webhook_entitlements').where('account_id', '=', account.id).execute();
    },
  },
  {
    // The starting tab's watch of a sign-up (a hash of its cookie, decision 041): nothing to read in an export.
    name: 'signupWatches',
    tables: ['signup_watches'],
    erase: async (trx, account) => {
      await trx.deleteFrom('signup_watches').where('account_id', '=', account.id).execute();
    },
  },
  {
    name: 'sessions',
    // A panel session's hand-over to a top-level one lives a minute and holds only its own secret: erased, not exported.
    tables: ['sessions', 'app_hand_overs'],
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
      await trx.deleteFrom('app_hand_overs').where('account_id', '=', account.id).execute();
      await trx.deleteFrom('sessions').where('account_id', '=', account.id).execute();
    },
  },
  {
    // Whether and since when, never the secret or a code (sealed and keyed, decision 046).
    name: 'twoFactor',
    tables: ['totp_factors', 'recovery_codes', 'two_factor_challenges'],
    async export(db, account) {
      const [totp, codes] = await Promise.all([
        db.selectFrom('totp_factors').select(['created_at', 'confirmed_at']).where('account_id', '=', account.id).executeTakeFirst(),
        db.selectFrom('recovery_codes').select(['created_at', 'used_at']).where('account_id', '=', account.id).execute(),
      ]);
      return {
        authenticator: totp ? { createdAt: totp.created_at, confirmedAt: totp.confirmed_at } : null,
        recoveryCodes: codes.map((code) => ({ createdAt: code.created_at, usedAt: code.used_at })),
      };
    },
    erase: (trx, account) => removeSecondFactors(trx, account.id),
  },
  {
    // Each passkey's name, host and dates, never its key; a ceremony in progress holds only its challenge.
    name: 'passkeys',
    tables: ['passkeys', 'passkey_challenges'],
    export: (db, account) =>
      db
        .selectFrom('passkeys')
        .select(['name', 'host', 'created_at', 'last_used_at', 'backed_up', 'user_verified'])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            name: row.name,
            host: row.host,
            createdAt: row.created_at,
            lastUsedAt: row.last_used_at,
            synced: row.backed_up === 1,
            userVerified: row.user_verified === 1,
          })),
        ),
    erase: async (trx, account) => {
      await trx.deleteFrom('passkey_challenges').where('account_id', '=', account.id).execute();
      await trx.deleteFrom('passkeys').where('account_id', '=', account.id).execute();
    },
  },
  {
    // Links and codes are stored only as hashes, nothing a person could read. What each e-mail
    // change stored is: the address asked for (`new_address`, confirmed by link or code) and the
    // address the account was on, where the "this was not me" link went (`previous_address`).
    // Whether a change went through is the auditLog's `email_changed` entry.
    name: 'emailChanges',
    tables: ['one_time_tokens'],
    export: (db, account) =>
      db
        .selectFrom('one_time_tokens')
        .select(['purpose', 'new_email', 'created_at', 'expires_at', 'consumed_at'])
        .where('account_id', '=', account.id)
        .where('purpose', 'in', ['email_change', 'email_change_code', 'email_change_cancel'])
        .orderBy('created_at')
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            kind: row.purpose === 'email_change_cancel' ? 'previous_address' : 'new_address',
            address: row.new_email,
            by: row.purpose === 'email_change_code' ? 'code' : 'link',
            requestedAt: row.created_at,
            expiresAt: row.expires_at,
            closedAt: row.consumed_at,
          })),
        ),
    erase: async (trx, account) => {
      await trx.deleteFrom('one_time_tokens').where('account_id', '=', account.id).execute();
    },
  },
  {
    // The provider's identifiers and the address it gave; a sign-in in progress (sso_flows) holds
    // only its own secrets, so it is erased, not exported.
    name: 'singleSignOn',
    tables: ['sso_identities', 'sso_flows'],
    export: (db, account) =>
      db
        .selectFrom('sso_identities')
        .select(['provider', 'issuer', 'subject', 'email', 'created_at as linkedAt', 'last_used_at as lastUsedAt'])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .execute(),
    erase: async (trx, account) => {
      await trx.deleteFrom('sso_flows').where('account_id', '=', account.id).execute();
      await trx.deleteFrom('sso_identities').where('account_id', '=', account.id).execute();
    },
  },
  {
    name: 'teamInvitations',
    tables: ['team_invitations'],
    export: exportInvitations,
    erase: eraseInvitations,
  },
  {
    name: 'teams',
    tables: ['teams', 'team_members'],
    export: exportTeams,
    erase: eraseTeams,
  },
  {
    name: 'panelAccounts',
    tables: ['panel_accounts'],
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
    tables: ['licenses'],
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
    // An operator's role, the tokens that act as the operator (decision 060) and the console's
    // sessions (decision 062) end with the account.
    name: 'operatorRole',
    tables: ['operators', 'admin_tokens', 'console_sessions'],
    export: (db, account) =>
      db
        .selectFrom('operators')
        .select(['role', 'granted_at as grantedAt'])
        .where('account_id', '=', account.id)
        .executeTakeFirst()
        .then((row) => row ?? null),
    erase: async (trx, account) => {
      await trx.deleteFrom('console_sessions').where('account_id', '=', account.id).execute();
      await trx.deleteFrom('admin_tokens').where('operator_account_id', '=', account.id).execute();
      await trx.deleteFrom('operators').where('account_id', '=', account.id).execute();
    },
  },
  {
    name: 'auditLog',
    tables: ['auth_events'],
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
