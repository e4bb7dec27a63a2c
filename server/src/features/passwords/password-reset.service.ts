import { type Language, screenUrl } from '@gatehouse/contract';
import type { Account, OneTimeToken } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { type AppError, badRequest } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { findAccountByEmail, findAccountById, lockAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { isPanelAccount } from '../panels/panel.repository.ts';
import { checkCode, codesLocked, issueCode } from '../tokens/code.service.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { findToken, issueToken, staleTokenState } from '../tokens/token.service.ts';
import { applyNewPassword } from './apply-password.ts';
import { checkNewPassword } from './password-policy.ts';

/**
 * Mails a reset link (or, asked from a panel's page, a 6-digit code) to a known address;
 * unknown addresses get the same answer and no mail. A code is only for a call from an active
 * installation's page with that installation's apiKey, and only to an account linked to that
 * installation (signed up or signed in through it): the apiKey is in every panel page and any
 * client can set Origin, so neither says whose account this is (decision 031). Any other
 * account, and one past its lifetime count of wrong codes, gets the link instead.
 */
export async function initPasswordReset(deps: Deps, input: { email: string; locale?: Language }, caller: Caller): Promise<void> {
  // From a hosting panel's page, the installation the route resolved; none otherwise.
  const { panel } = caller;
  caller.onServerFailure?.push(await deps.limits.mailSend('reset', input.email, caller.ip));
  await withMail(deps, caller.host, async (trx, mail) => {
    const account = await findAccountByEmail(trx, input.email);
    if (account && !account.disabled_at) {
      const language = input.locale ?? account.locale;
      if (panel && !codesLocked(account) && (await isPanelAccount(trx, panel.id, account.id))) {
        await lockAccount(trx, account.id);
        const code = await issueCode(trx, deps, account.id, 'reset_code');
        await mail({ to: account.email, kind: 'reset_code', language, params: { code } });
      } else {
        const token = await issueToken(trx, deps.clock, account.id, 'password_reset');
        const link = screenUrl(deps.config.publicUrl, 'reset', { token });
        await mail({ to: account.email, kind: 'password_reset', language, params: { link } });
      }
    }
    await recordAuthEvent(trx, { accountId: account?.id ?? null, type: 'reset_requested', ip: caller.ip, at: iso(deps.clock.now()) });
  });
}

/**
 * Checks a reset link when its page opens, so nobody types two passwords into a dead link:
 * answers nothing for a live link, else says whether it was used (or replaced) or expired.
 */
export async function checkResetLink(deps: Deps, input: { token: string }, caller: Caller): Promise<void> {
  await deps.limits.lookup(caller.ip);
  const token = await findToken(deps.db, deps.clock, input.token, 'password_reset');
  const account = token && (await findAccountById(deps.db, token.account_id));
  if (account && !account.disabled_at) return;
  const stale = token ? undefined : await staleTokenState(deps.db, deps.clock, input.token, 'password_reset');
  if (!stale) throw badRequest('reset.failed');
  throw badRequest(stale.state === 'used' ? 'reset.link_used' : 'reset.link_expired');
}

/** Sets a new password from the mailed link; ends every session of the account. */
export async function resetPassword(deps: Deps, input: { password: string; token: string; locale?: Language }, caller: Caller) {
  await deps.limits.hashing(caller.ip);
  const token = await findToken(deps.db, deps.clock, input.token, 'password_reset');
  const account = token && (await findAccountById(deps.db, token.account_id));
  if (!token || !account || account.disabled_at) throw badRequest('reset.failed');
  const weakness = checkNewPassword(input.password, account.email, deps.config.password.minLength);
  if (weakness) throw badRequest(weakness, { fields: { password: weakness } });
  const passwordHash = await deps.hasher.hash(input.password);

  await writeReset(deps, caller, { account, token, passwordHash, locale: input.locale }, () => badRequest('reset.failed'));
  // The mailed link proved the mailbox: the sign-in screen that follows may be filled in with it.
  return { email: account.email };
}

/**
 * Sets a new password with the mailed code and the address it went to (control-panel mode);
 * ends every session of the account. The password is judged before the code is tried, so a
 * weak one costs none of the code's five tries.
 */
export async function resetPasswordWithCode(
  deps: Deps,
  input: { password: string; code: string; email: string; locale?: Language },
  caller: Caller,
) {
  await deps.limits.hashing(caller.ip);
  const weakness = checkNewPassword(input.password, input.email, deps.config.password.minLength);
  if (weakness) throw badRequest(weakness, { fields: { password: weakness } });
  const { account, token } = await checkCode(deps, { email: input.email, code: input.code, purpose: 'reset_code' }, caller);
  const passwordHash = await deps.hasher.hash(input.password);

  await writeReset(deps, caller, { account, token, passwordHash, locale: input.locale }, () =>
    badRequest('otp.invalid', { fields: { code: 'otp.invalid' } }),
  );
}

/**
 * Uses the link or code and writes the new password in one transaction, under the account's
 * lock: of two resets racing with one token only the first uses it; the other gets `spent()`.
 */
async function writeReset(
  deps: Deps,
  caller: Caller,
  reset: { account: Account; token: OneTimeToken; passwordHash: string; locale?: Language },
  spent: () => AppError,
): Promise<void> {
  await withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, reset.account.id);
    if (!(await consumeToken(trx, reset.token.id, iso(deps.clock.now())))) throw spent();
    await applyNewPassword(trx, deps, {
      account: reset.account,
      passwordHash: reset.passwordHash,
      caller,
      event: 'password_reset',
      notify: { language: reset.locale, mail },
    });
  });
}
