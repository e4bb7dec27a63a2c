import type { ConsentsView } from '@gatehouse/contract';
import type { Account } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { findAccountById } from '../accounts/account.repository.ts';
import { updateProfile } from '../accounts/profile.service.ts';

/** Each consent with when it was given, and the whole ledger (never overwritten), newest first. */
export async function consentsOf(deps: Deps, accountId: string): Promise<ConsentsView> {
  const account = await findAccountById(deps.db, accountId);
  const ledger = await deps.db
    .selectFrom('consents')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    dataProcessingAt: account?.data_processing_consent_at ?? null,
    marketingAt: account?.marketing_consent_at ?? null,
    analyticsAt: account?.analytics_consent_at ?? null,
    ledger: ledger.map((row) => ({ kind: row.kind, granted: row.granted === 1, policyVersion: row.policy_version, at: row.created_at })),
  };
}

/** Gives or revokes marketing and analytics consent; each change is appended to the ledger. */
export async function changeConsents(
  deps: Deps,
  account: Account,
  input: { consent?: boolean; analyticsConsent?: boolean },
  caller: Caller,
): Promise<ConsentsView> {
  await updateProfile(deps, account, { consent: input.consent, analyticsConsent: input.analyticsConsent }, caller);
  return consentsOf(deps, account.id);
}
