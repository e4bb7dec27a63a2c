import type { Language } from '@gatehouse/contract';
import type { Account, Session, TokenPurpose } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { lockAccount, updateAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { getBrand, mailBrand } from '../brands/brand.service.ts';
import { checkNewPassword } from '../passwords/password-policy.ts';
import { revokeTokens } from '../tokens/token.repository.ts';
import { deleteOtherSessions } from './sessions.service.ts';
import { confirmPassword } from './settings-access.ts';

/**
 * Every one-time token and code a new password voids. Not the "this was not me" link of an
 * e-mail change notice: it is the owner's way back if someone who knew the password moved the
 * account to another address, and must survive that person changing the password too.
 */
export const allTokenPurposes: TokenPurpose[] = [
  'verify_email',
  'set_password',
  'password_reset',
  'signup_code',
  'reset_code',
  'email_change',
  'email_change_code',
  'deletion_code',
];

/**
 * Changes the password of a signed-in person who knows the current one: the same rule and
 * messages as sign-up, every outstanding token and code ends, every other session ends (the
 * one making the change stays), and the account gets a notice in its language.
 *
 * When the shared "apply a new password" function lands (features/passwords/apply-password.ts),
 * the transaction below should call it (keeping this session) instead of doing its steps here.
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

  await deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    await updateAccount(trx, account.id, { password_hash: passwordHash, password_changed_at: now, updated_at: now });
    await revokeTokens(trx, account.id, allTokenPurposes, now);
    await deleteOtherSessions(trx, account.id, session.id);
    await enqueueMail(trx, deps, {
      to: account.email,
      kind: 'password_updated',
      language: account.locale as Language,
      brand,
      params: { link: `${deps.config.publicUrl}/login`, email: account.email },
    });
    await recordAuthEvent(trx, { accountId: account.id, type: 'password_changed', ip: caller.ip, at: now });
  });
  deps.mailWritten();
}
