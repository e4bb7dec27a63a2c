import type { Language } from '@gatehouse/contract';
import type { Account, SsoProvider } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { lockAccount } from '../accounts/account.repository.ts';
import { confirmPassword } from '../settings/settings-access.ts';
import { checkCode, issueCode } from '../tokens/code.service.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { SsoError } from './oidc-client.ts';
import { startSso } from './sso.service.ts';

/** For an account without a password: a 6-digit code that confirms connecting a provider. */
export async function sendLinkCode(deps: Deps, account: Account, caller: Caller): Promise<void> {
  caller.onServerFailure?.push(await deps.limits.mailSend('verification', account.email, caller.ip));
  await withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, account.id);
    const code = await issueCode(trx, deps, account.id, 'sso_link_code');
    await mail({ to: account.email, kind: 'sso_link_code', language: account.locale, params: { code } });
  });
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
  if (account.password_hash) {
    if (!input.password) throw badRequest('account.confirmation_required', { fields: { password: 'validation.password_required' } });
    await confirmPassword(deps, account, input.password, caller, 'password');
  } else {
    if (!input.code) throw badRequest('account.confirmation_required', { fields: { code: 'validation.otp_required' } });
    const { token } = await checkCode(deps, { email: account.email, code: input.code, purpose: 'sso_link_code' }, caller);
    if (!(await consumeToken(deps.db, token.id, iso(deps.clock.now())))) {
      throw badRequest('otp.invalid', { fields: { code: 'otp.invalid' } });
    }
  }
  try {
    return await startSso(deps, { provider: input.provider, intent: 'link', locale: input.locale, accountId: account.id });
  } catch (error) {
    if (error instanceof SsoError) throw new AppError(503, error.code, { cause: error });
    throw error;
  }
}
