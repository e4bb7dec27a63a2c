import { type AccountView, languageOr } from '@gatehouse/contract';
import type { Account } from '../../db/schema.ts';

/** An account's row as the API shows it (the data export writes its own, fuller shape). */
export function toAccountView(account: Account): AccountView {
  return {
    id: account.id,
    email: account.email,
    emailVerified: account.email_verified_at !== null,
    firstName: account.first_name,
    familyName: account.family_name,
    consent: account.marketing_consent_at !== null,
    analyticsConsent: account.analytics_consent_at !== null,
    locale: languageOr(account.locale),
    createdAt: account.created_at,
  };
}
