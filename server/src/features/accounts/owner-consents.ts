import type { DbOrTx } from '../../db/database.ts';
import type { Account, AccountUpdate, ConsentsTable } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { consentRow, insertConsents, updateAccount } from './account.repository.ts';

export interface ConsentChoices {
  consent?: boolean;
  analyticsConsent?: boolean;
}

/** What /signup chose: the boxes ticked, and the app sign-in it continues to (decision 039). */
export interface SignupChoices extends ConsentChoices {
  redirectTo?: string;
}

/** Keeps the boxes ticked on /signup with the pending sign-up; a later sign-up of the same address replaces them. */
export async function keepSignupChoices(trx: DbOrTx, accountId: string, choices: SignupChoices, now: string): Promise<void> {
  const row = {
    marketing: choices.consent ? 1 : 0,
    analytics: choices.analyticsConsent ? 1 : 0,
    continue_to: choices.redirectTo ?? null,
    created_at: now,
  };
  await trx
    .insertInto('signup_choices')
    .values({ account_id: accountId, ...row })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet(row))
    .execute();
}

/** The choices made at sign-up, handed only to whoever proves the address (link or code). */
export async function findSignupChoices(db: DbOrTx, accountId: string): Promise<Required<ConsentChoices> & SignupChoices> {
  const row = await db
    .selectFrom('signup_choices')
    .select(['marketing', 'analytics', 'continue_to'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return {
    consent: row?.marketing === 1,
    analyticsConsent: row?.analytics === 1,
    ...(row?.continue_to ? { redirectTo: row.continue_to } : {}),
  };
}

/**
 * The marketing and analytics choices of the owner, recorded at the step that proves the
 * address (set-password with the mailed link, completion with the mailed code), with the time
 * and policy version. Whoever started the sign-up only typed the address: the owner's page shows
 * the sign-up's choices and sends back what the owner leaves ticked. A choice the request does
 * not carry is not recorded at all, so the ledger never shows a refusal nobody gave.
 */
export async function recordOwnerConsents(
  trx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  accountId: string,
  choices: ConsentChoices,
): Promise<Account> {
  const now = iso(deps.clock.now());
  const at = { now, policyVersion: deps.config.consentPolicyVersion };
  const rows: ConsentsTable[] = [];
  const patch: AccountUpdate = { updated_at: now };
  if (choices.consent !== undefined) {
    rows.push(consentRow(accountId, 'marketing', choices.consent, at));
    patch.marketing_consent_at = choices.consent ? now : null;
  }
  if (choices.analyticsConsent !== undefined) {
    rows.push(consentRow(accountId, 'analytics', choices.analyticsConsent, at));
    patch.analytics_consent_at = choices.analyticsConsent ? now : null;
  }
  await insertConsents(trx, rows);
  await trx.deleteFrom('signup_choices').where('account_id', '=', accountId).execute();
  return updateAccount(trx, accountId, patch);
}
