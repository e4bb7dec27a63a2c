import type { DbOrTx } from '../../db/database.ts';
import type { Account, ConsentsTable } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { insertConsents, updateAccount } from './account.repository.ts';

/**
 * The marketing and analytics choices of the owner, recorded at the step that proves the
 * address (set-password with the mailed link, completion with the mailed code), with the time
 * and policy version. Whoever started the sign-up only typed the address.
 */
export async function recordOwnerConsents(
  trx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  accountId: string,
  choices: { consent?: boolean; analyticsConsent?: boolean },
): Promise<Account> {
  const now = iso(deps.clock.now());
  const row = (kind: ConsentsTable['kind'], granted: boolean): ConsentsTable => ({
    id: newId(),
    account_id: accountId,
    kind,
    granted: granted ? 1 : 0,
    policy_version: deps.config.consentPolicyVersion,
    created_at: now,
  });
  await insertConsents(trx, [row('marketing', choices.consent === true), row('analytics', choices.analyticsConsent === true)]);
  return updateAccount(trx, accountId, {
    marketing_consent_at: choices.consent ? now : null,
    analytics_consent_at: choices.analyticsConsent ? now : null,
    updated_at: now,
  });
}
