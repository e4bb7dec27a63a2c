import type { Language } from '@gatehouse/contract';
import type { Account, AccountUpdate, ConsentsTable } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { announceAccountUpdated } from '../webhooks/account-events.ts';
import { insertConsents, updateAccount } from './account.repository.ts';

export interface ProfileInput {
  firstName?: string;
  familyName?: string;
  consent?: boolean;
  analyticsConsent?: boolean;
  locale?: Language;
}

/** Saves the optional profile; each consent that changes is recorded with time and policy version. */
export async function updateProfile(deps: Deps, account: Account, input: ProfileInput, caller: Caller): Promise<Account> {
  return deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    const patch: AccountUpdate = { updated_at: now };
    if (input.firstName !== undefined) patch.first_name = input.firstName || null;
    if (input.familyName !== undefined) patch.family_name = input.familyName || null;
    if (input.locale !== undefined) patch.locale = input.locale;
    const changes: ConsentsTable[] = [];
    const consent = (kind: 'marketing' | 'analytics', wanted: boolean | undefined, current: string | null) => {
      if (wanted === undefined || wanted === (current !== null)) return undefined;
      changes.push({
        id: newId(),
        account_id: account.id,
        kind,
        granted: wanted ? 1 : 0,
        policy_version: deps.config.consentPolicyVersion,
        created_at: now,
      });
      return wanted ? now : null;
    };
    const marketing = consent('marketing', input.consent, account.marketing_consent_at);
    if (marketing !== undefined) patch.marketing_consent_at = marketing;
    const analytics = consent('analytics', input.analyticsConsent, account.analytics_consent_at);
    if (analytics !== undefined) patch.analytics_consent_at = analytics;
    const updated = await updateAccount(trx, account.id, patch);
    await insertConsents(trx, changes);
    await recordAuthEvent(trx, { accountId: account.id, type: 'profile_updated', ip: caller.ip, at: now });
    if (updated.first_name !== account.first_name || updated.family_name !== account.family_name) {
      await announceAccountUpdated(trx, deps.clock, account.id);
    }
    return updated;
  });
}
