import type { Language } from '@gatehouse/contract';
import type { Account, SsoProvider } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { confirmWayIn, mailWayInCode } from '../settings/settings-access.ts';
import { SsoError } from './oidc-client.ts';
import { startSso } from './sso.service.ts';

/** For an account without a password: a 6-digit code that confirms connecting a provider. */
export function sendLinkCode(deps: Deps, account: Account, caller: Caller): Promise<void> {
  return mailWayInCode(deps, account, caller, 'sso_link_code');
}

/**
 * Starts connecting a provider to the signed-in account, once the person proved it is theirs
 * now: the password, or without one the mailed code (decision 030). A stolen session alone
 * must not add a way in that outlives a password change or reset.
 */
export async function startLink(
  deps: Deps,
  account: Account,
  input: { provider: SsoProvider; password?: string; code?: string; locale: Language },
  caller: Caller,
): Promise<{ flowToken: string; location: URL }> {
  if (!deps.sso.get(input.provider)) throw badRequest('auth.sso_unavailable');
  await confirmWayIn(deps, account, input, caller, 'sso_link_code');
  try {
    return await startSso(deps, { provider: input.provider, intent: 'link', locale: input.locale, accountId: account.id });
  } catch (error) {
    if (error instanceof SsoError) throw new AppError(503, error.code, { cause: error });
    throw error;
  }
}
