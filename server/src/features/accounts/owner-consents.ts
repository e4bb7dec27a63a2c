import type { DbOrTx } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { consentRow, insertConsents, updateAccount } from './account.repository.ts';

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
  const at = { now, policyVersion: deps.config.consentPolicyVersion };
  await insertConsents(trx, [
    consentRow(accountId, 'marketing', choices.consent === true, at),
    consentRow(accountId, 'analytics', choices.analyticsConsent === true, at),
  ]);
  return updateAccount(trx, accountId, {
    marketing_consent_at: choices.consent ? now : null,
    analytics_consent_at: choices.analyticsConsent ? now : null,
    updated_at: now,
  });
}
