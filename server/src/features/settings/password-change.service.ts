import type { Account, Session } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { amrOf } from '../auth/proof.ts';
import { finishWayIn, type Started } from '../auth/session.service.ts';
import { applyNewPassword } from '../passwords/apply-password.ts';
import { checkNewPassword } from '../passwords/password-policy.ts';
import { confirmPassword } from './settings-access.ts';

/**
 * Changes the password of a signed-in person who knows the current one: the same rule and
 * messages as sign-up, then the one password write every other path uses (applyNewPassword):
 * every outstanding token and code ends (but the "this was not me" link of a pending e-mail
 * change), every session ends and the browser making the change gets a new one, and the account
 * gets a notice in its language.
 */
export async function changePassword(
  deps: Deps,
  { account, session }: { account: Account; session: Session },
  input: { currentPassword: string; password: string },
  caller: Caller,
): Promise<Started> {
  await confirmPassword(deps, { account, session }, input.currentPassword, caller);
  const weakness = checkNewPassword(input.password, account.email, deps.config.password.minLength);
  if (weakness) throw badRequest(weakness, { fields: { password: weakness } });
  const passwordHash = await deps.hasher.hash(input.password);
  return withMail(deps, caller.host, async (trx, mail) => {
    const written = await applyNewPassword(trx, deps, {
      account,
      passwordHash,
      caller,
      event: 'password_changed',
      signedIn: true,
      notify: { mail },
    });
    // This browser stays signed in under a new session id: a copy of the old cookie (the reason
    // to change the password, often) signs in nothing (decision 019). It was proved as the old one was.
    return finishWayIn(trx, deps, written, caller, amrOf(session), { event: null });
  });
}
