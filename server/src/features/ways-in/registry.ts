import type { WayInKind } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { syncEntitlements } from '../webhooks/account-events.ts';

/**
 * Every way into an account, once (decision 050). The rules that used to list the ways in by
 * hand (what "this was not me" removes, what proof adding one needs, which mail the owner gets)
 * read this registry instead, so a factor added later cannot be forgotten by a rule written
 * before it. `ways-in.test.ts` fails while a table that references an account is neither a way
 * in's nor named in `tablesThatAreNoWayIn`.
 */

/** The steps an owner, or an operator, takes to get an account back or keep it shut. */
export type RecoveryStep = 'notMe' | 'reset' | 'passwordChange' | 'disable' | 'twoFactorReset';

/**
 * What a step does to one kind of way in: `kept` leaves it (a disabled account's are refused at
 * sign-in all the same), `replaced` means the step writes a new one itself (a new password),
 * `ended` removes every one, `addedSince` removes those added since the disputed request.
 */
export type RecoveryEffect = 'kept' | 'replaced' | 'ended' | 'addedSince';

/**
 * What a change needs: `session` the session alone (it removes a way in and never the last one);
 * `owner` the password or, without one, a mailed code;
 * `ownerTwoFactor` that, and once the account has an authenticator a session proved with two
 * factors (`two_factor.proof_required`), so a session stolen before two-factor was on takes no
 * lasting factor with the password; `ownerAndCode` the owner's proof and a current code from the
 * authenticator; `signIn` made only by a sign-in that proved every factor; `operator` only the
 * admin CLI.
 */
export type ProofRule = 'session' | 'owner' | 'ownerTwoFactor' | 'ownerAndCode' | 'signIn' | 'operator';

/** The notice the owner gets, in their language, when a way in of the kind comes or goes. */
export type WayInNotice =
  | 'sso_linked'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'way_in_added'
  | 'way_in_removed'
  | 'password_changed'
  | 'account_recovered';

export interface WayIn {
  kind: WayInKind;
  /** Where it is kept. */
  tables: (keyof Database)[];
  proof: { add: ProofRule; change: ProofRule };
  /** null: the way in signs nobody in by itself, and a mail at every use would be noise (a panel link). */
  notice: { added: WayInNotice | null; removed: WayInNotice | null };
  recovery: Record<RecoveryStep, RecoveryEffect>;
  /** Removes the account's ways in of this kind, or only those added at or after `since`; answers whether any went. */
  remove(trx: DbOrTx, accountId: string, since?: string): Promise<boolean>;
}

const removed = (result: { numDeletedRows: bigint } | { numUpdatedRows: bigint } | undefined) =>
  result !== undefined && Number('numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows) > 0;

/** Rows of a table with `account_id` and `created_at`, all of the account's or those made since. */
const removeRows =
  (table: 'sso_identities' | 'panel_accounts' | 'passkeys' | 'recovery_codes') => async (trx: DbOrTx, accountId: string, since?: string) =>
    removed(
      await trx
        .deleteFrom(table)
        .where('account_id', '=', accountId)
        .$if(since !== undefined, (query) => query.where('created_at', '>=', since ?? ''))
        .executeTakeFirst(),
    );

const untilAsked = { reset: 'kept', passwordChange: 'kept', disable: 'kept', twoFactorReset: 'kept' } as const;

export const waysIn: Record<WayInKind, WayIn> = {
  password: {
    kind: 'password',
    tables: ['accounts'],
    proof: { add: 'owner', change: 'owner' },
    // A password is set by a link or code sent to the address, or changed with the current one
    // (password_updated then); only "this was not me" ends one, and its mail says so.
    notice: { added: 'password_changed', removed: 'account_recovered' },
    // Whoever asked for the disputed change knew the password: it ends, and the mailed reset link sets a new one.
    recovery: { notMe: 'ended', reset: 'replaced', passwordChange: 'replaced', disable: 'kept', twoFactorReset: 'kept' },
    remove: async (trx, accountId, since) =>
      removed(
        await trx
          .updateTable('accounts')
          .set({ password_hash: null, password_changed_at: null })
          .where('id', '=', accountId)
          .where('password_hash', 'is not', null)
          .$if(since !== undefined, (query) => query.where('password_changed_at', '>=', since ?? ''))
          .executeTakeFirst(),
      ),
  },
  identity: {
    kind: 'identity',
    tables: ['sso_identities'],
    proof: { add: 'ownerTwoFactor', change: 'session' },
    notice: { added: 'sso_linked', removed: 'way_in_removed' },
    recovery: { notMe: 'addedSince', ...untilAsked },
    remove: removeRows('sso_identities'),
  },
  panelLink: {
    kind: 'panelLink',
    tables: ['panel_accounts'],
    // A panel user id comes from the panel's page: a link lets that panel offer a reset by code
    // and the panel's license, and signs nobody in (decision 009).
    proof: { add: 'signIn', change: 'operator' },
    notice: { added: null, removed: null },
    // A panel sign-in that re-points a panel user writes the link anew, so it counts as added then.
    recovery: { notMe: 'addedSince', ...untilAsked },
    remove: removeRows('panel_accounts'),
  },
  passkey: {
    kind: 'passkey',
    tables: ['passkeys'],
    proof: { add: 'ownerTwoFactor', change: 'ownerTwoFactor' },
    notice: { added: 'way_in_added', removed: 'way_in_removed' },
    recovery: { notMe: 'addedSince', ...untilAsked },
    remove: removeRows('passkeys'),
  },
  authenticator: {
    kind: 'authenticator',
    tables: ['totp_factors'],
    proof: { add: 'ownerTwoFactor', change: 'ownerAndCode' },
    notice: { added: 'two_factor_enabled', removed: 'two_factor_disabled' },
    recovery: { notMe: 'addedSince', reset: 'kept', passwordChange: 'kept', disable: 'kept', twoFactorReset: 'ended' },
    // One begun and never confirmed counts as added since: it was never the owner's working factor.
    // Its recovery codes and open challenges go with it, whenever they were made.
    remove: async (trx, accountId, since) => {
      const gone = removed(
        await trx
          .deleteFrom('totp_factors')
          .where('account_id', '=', accountId)
          .$if(since !== undefined, (query) =>
            query.where((eb) => eb.or([eb('confirmed_at', 'is', null), eb('confirmed_at', '>=', since ?? '')])),
          )
          .executeTakeFirst(),
      );
      const left = await trx.selectFrom('totp_factors').select('account_id').where('account_id', '=', accountId).executeTakeFirst();
      if (!left) {
        await trx.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
        await trx.deleteFrom('two_factor_challenges').where('account_id', '=', accountId).execute();
      }
      return gone;
    },
  },
  recoveryCodes: {
    kind: 'recoveryCodes',
    tables: ['recovery_codes'],
    proof: { add: 'ownerTwoFactor', change: 'ownerAndCode' },
    // They go only with the authenticator (or "this was not me"), whose own mail says so.
    notice: { added: 'way_in_added', removed: null },
    // A set made since the request is in the asker's hands; the owner makes a new one from the settings.
    recovery: { notMe: 'addedSince', reset: 'kept', passwordChange: 'kept', disable: 'kept', twoFactorReset: 'ended' },
    remove: removeRows('recovery_codes'),
  },
};

/**
 * Tables that reference an account but hold no way in: sign-in state that lives minutes (a
 * challenge is half a sign-in, not a factor), records, and what the account owns.
 */
export const tablesThatAreNoWayIn: (keyof Database)[] = [
  'consents',
  'signup_choices',
  'signup_watches',
  'sessions',
  'two_factor_challenges',
  'passkey_challenges',
  'one_time_tokens',
  'app_hand_overs',
  'licenses',
  'mail_outbox',
  'auth_events',
  'sso_flows',
  // An app's grant and tokens live inside a session and end with it (decision 038).
  'oidc_grants',
  'oidc_payloads',
  'oidc_logout_outbox',
  'teams',
  'team_members',
  'team_invitations',
  // An operator's role and tokens open the admin listener, not a way into the account (decision 060).
  'operators',
  'admin_tokens',
  'operator_actions',
  // An operator's console session opens the admin listener only, and ends with the Gatehouse
  // session it stands on (decision 062).
  'console_sessions',
  // What the monitoring backend is told of an account (decision 055).
  'webhook_sequences',
  'webhook_events',
  'webhook_deliveries',
  'webhook_entitlements',
  'webhook_expiries',
];

/**
 * What a recovery step does to every way in, in the step's transaction: removes those the
 * registry says end (`since`: the disputed request's time, for `addedSince`). Answers the kinds
 * it removed, for the screen and the mail that say so.
 */
export async function applyRecovery(
  trx: DbOrTx,
  clock: Clock,
  accountId: string,
  step: RecoveryStep,
  since?: string,
): Promise<WayInKind[]> {
  const gone: WayInKind[] = [];
  for (const way of Object.values(waysIn)) {
    const effect = way.recovery[step];
    if (effect === 'kept' || effect === 'replaced') continue;
    if (effect === 'addedSince' && since === undefined) throw new Error(`${step} needs the disputed request's time`);
    if (await way.remove(trx, accountId, effect === 'addedSince' ? since : undefined)) gone.push(way.kind);
  }
  // A second factor gone may withhold a team's license from the account (decision 056).
  if (gone.length > 0) await syncEntitlements(trx, clock, [accountId]);
  return gone;
}
