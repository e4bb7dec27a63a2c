import type { Language } from '@gatehouse/contract';
import type { SsoProvider } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { confirmOwner, type SignedIn } from '../settings/settings-access.ts';
import { SsoError } from './oidc-client.ts';
import { startSso } from './sso.service.ts';

/**
 * Starts connecting a provider to the signed-in account, once the person proved it is theirs
 * now: the password, or without one the mailed code (decision 030). A stolen session alone
 * must not add a way in that outlives a password change or reset.
 */
export async function startLink(
  deps: Deps,
  signedIn: SignedIn,
  input: { provider: SsoProvider; password?: string; code?: string; locale: Language },
  caller: Caller,
): Promise<{ flowToken: string; location: URL }> {
  if (!deps.sso.get(input.provider)) throw badRequest('auth.sso_unavailable');
  await confirmOwner(deps, signedIn, { wayIn: 'identity', action: 'add' }, input, 'sso_link_code', caller, {
    password: 'password',
    code: 'code',
  });
  try {
    return await startSso(deps, { provider: input.provider, intent: 'link', locale: input.locale, accountId: signedIn.account.id });
  } catch (error) {
    if (error instanceof SsoError) throw new AppError(503, error.code, { cause: error });
    throw error;
  }
}
