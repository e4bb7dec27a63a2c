import type { WayInKind } from '@gatehouse/contract';
import { z } from 'zod';
import type { Account, Session } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { lockAccount } from '../accounts/account.repository.ts';
import { clearFailures, countAccountFailure } from '../auth/account-run.ts';
import { provedTwoFactors } from '../auth/proof.ts';
import { checkCode, issueCode } from '../tokens/code.service.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { hasAuthenticator } from '../two-factor/factors.ts';
import { waysIn } from '../ways-in/registry.ts';

/** The optional X-API-KEY header of every settings call (required from a hosting panel's page). */
export const panelKeyHeader = z.object({ 'x-api-key': z.string().max(200).optional() });

/** The signed-in person a settings call acts for, and how their session was proved. */
export interface SignedIn {
  account: Account;
  session: Pick<Session, 'amr'>;
}

/**
 * Whether the session proved every factor the account has: two, once it has an authenticator.
 * Only such a session's right password ends a run of failures (decision 050): one that proved
 * the password alone, checked again in the settings, must not forgive the wrong codes of a
 * sign-in that is still owed them.
 */
async function provedEveryFactor(deps: Deps, signedIn: SignedIn): Promise<boolean> {
  return provedTwoFactors(signedIn.session) || !(await hasAuthenticator(deps.db, signedIn.account.id));
}

/**
 * Proves the person at the keyboard knows the account's password (a stolen session alone must
 * not change the password or address, or delete the account). A session is no licence to guess:
 * wrong passwords count like failed sign-ins, per (account, address) and in the account's run
 * across addresses, and while the run is at its cap every password, right or wrong, gets the
 * sign-in's answer (`auth.signin_paused`) after the same work (decision 019). A right password
 * ends the runs when the session proved every factor, unless the change still owes another proof
 * (`clear: false`), which ends them itself.
 */
export async function confirmPassword(
  deps: Deps,
  signedIn: SignedIn,
  password: string,
  caller: Caller,
  field: string,
  { clear = true } = {},
): Promise<void> {
  const { account } = signedIn;
  await deps.limits.hashing(caller.ip);
  await deps.limits.signinAllowed(account.email, caller.ip);
  if (!account.password_hash) throw badRequest('account.no_password');
  const paused = await deps.limits.accountPaused(account.email);
  const valid = await deps.hasher.verify(account.password_hash, password);
  if (paused || !valid) {
    await deps.limits.signinFailed(account.email, caller.ip);
    const tripped = paused || (await countAccountFailure(deps, account.email, account, caller));
    const code = tripped ? 'auth.signin_paused' : 'auth.wrong_password';
    throw badRequest(code, { fields: { [field]: code } });
  }
  if (clear && (await provedEveryFactor(deps, signedIn))) await clearFailures(deps, account.email, caller);
}

/** The changes to a way in, which an account without a password confirms with a mailed code. */
export type ConfirmationCodePurpose = 'sso_link_code' | 'two_factor_code' | 'passkey_code';

/** For an account without a password: a 6-digit code, mailed, that confirms adding a way in. */
export async function sendConfirmationCode(deps: Deps, account: Account, purpose: ConfirmationCodePurpose, caller: Caller): Promise<void> {
  caller.onServerFailure?.push(await deps.limits.mailSend('verification', account.email, caller.ip));
  await withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, account.id);
    const code = await issueCode(trx, deps, account.id, purpose);
    await mail({ to: account.email, kind: purpose, language: account.locale, params: { code } });
  });
}

/**
 * Proves the person owns the account now, before a change to a way in, by the registry's rule for
 * it (decision 050): the password, or without one the mailed code (decision 030); for a rule that
 * asks for two factors, once the account has an authenticator, a session proved with two first,
 * checked before the password so a session that cannot pass learns nothing of it. A stolen
 * session alone must not add or change a way in.
 */
export async function confirmOwner(
  deps: Deps,
  signedIn: SignedIn,
  change: { wayIn: WayInKind; action: 'add' | 'change' },
  proof: { password?: string | undefined; code?: string | undefined },
  purpose: ConfirmationCodePurpose,
  caller: Caller,
  fields: { password: string; code: string },
  options: { clear?: boolean } = {},
): Promise<void> {
  const { account } = signedIn;
  const rule = waysIn[change.wayIn].proof[change.action];
  if (rule === 'ownerTwoFactor' && !(await provedEveryFactor(deps, signedIn))) throw new AppError(403, 'two_factor.proof_required');
  if (account.password_hash) {
    if (!proof.password)
      throw badRequest('account.confirmation_required', { fields: { [fields.password]: 'validation.password_required' } });
    await confirmPassword(deps, signedIn, proof.password, caller, fields.password, options);
    return;
  }
  if (!proof.code) throw badRequest('account.confirmation_required', { fields: { [fields.code]: 'validation.otp_required' } });
  const { token } = await checkCode(deps, { email: account.email, code: proof.code, purpose }, caller);
  if (!(await consumeToken(deps.db, token.id, iso(deps.clock.now())))) {
    throw badRequest('otp.invalid', { fields: { [fields.code]: 'otp.invalid' } });
  }
}
