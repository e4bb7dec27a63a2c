import type { Account, Session } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { getBrand, mailBrand } from '../brands/brand.service.ts';
import { applyNewPassword } from '../passwords/apply-password.ts';
import { checkNewPassword } from '../passwords/password-policy.ts';
import { confirmPassword } from './settings-access.ts';

/**
 * Changes the password of a signed-in person who knows the current one: the same rule and
 * messages as sign-up, then the one password write every other path uses (applyNewPassword):
 * every outstanding token and code ends (but the "this was not me" link of a pending e-mail
 * change), every other session ends (the one making the change stays), and the account gets a
 * notice in its language.
 */
export async function changePassword(
  deps: Deps,
  auth: { account: Account; session: Session },
  input: { currentPassword: string; password: string },
  caller: Caller,
): Promise<void> {
  const { account, session } = auth;
  await confirmPassword(deps, account, input.currentPassword, caller, 'currentPassword');
  const weakness = checkNewPassword(input.password, account.email, deps.config.password.minLength);
  if (weakness) throw badRequest(weakness, { fields: { password: weakness } });
  const passwordHash = await deps.hasher.hash(input.password);
  const brand = mailBrand(await getBrand(deps.db, deps.config, caller.host));

  await deps.db.transaction().execute((trx) =>
    applyNewPassword(trx, deps, {
      account,
      passwordHash,
      caller,
      event: 'password_changed',
      keepSessionId: session.id,
      notify: { brand },
    }),
  );
  deps.mailWritten();
}
