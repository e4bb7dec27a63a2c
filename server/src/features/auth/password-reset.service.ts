import type { Language } from '@gatehouse/contract';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { findAccountByEmail, findAccountById, lockAccount, updateAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { getBrand, mailBrand } from '../brands/brand.service.ts';
import { checkNewPassword } from '../passwords/password-policy.ts';
import { consumeToken, revokeTokens } from '../tokens/token.repository.ts';
import { findToken, issueToken } from '../tokens/token.service.ts';
import { deleteAccountSessions } from './session.repository.ts';

/** Mails a reset link to a known address; unknown addresses get the same answer and no mail. */
export async function initPasswordReset(deps: Deps, input: { email: string; locale?: Language }, caller: Caller): Promise<void> {
  await deps.limits.mailSend('reset', input.email, caller.ip);
  const brand = await getBrand(deps.db, deps.config, caller.host);
  await deps.db.transaction().execute(async (trx) => {
    const account = await findAccountByEmail(trx, input.email);
    if (account && !account.disabled_at) {
      const token = await issueToken(trx, deps.clock, account.id, 'password_reset');
      await enqueueMail(trx, deps.clock, {
        to: account.email,
        kind: 'password_reset',
        language: input.locale ?? (account.locale as Language),
        brand: mailBrand(brand),
        params: { link: `${deps.config.publicUrl}/reset?${new URLSearchParams({ token })}` },
      });
    }
    await recordAuthEvent(trx, { accountId: account?.id ?? null, type: 'reset_requested', ip: caller.ip, at: iso(deps.clock.now()) });
  });
  deps.mailWritten();
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
  const brand = await getBrand(deps.db, deps.config, caller.host);

  await deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    if (!(await consumeToken(trx, token.id, now))) throw badRequest('reset.failed');
    await updateAccount(trx, account.id, {
      password_hash: passwordHash,
      password_changed_at: now,
      // Following the mailed link proves the address, as verification would.
      email_verified_at: account.email_verified_at ?? now,
      updated_at: now,
    });
    await revokeTokens(trx, account.id, ['password_reset', 'verify_email', 'set_password'], now);
    await deleteAccountSessions(trx, account.id);
    await enqueueMail(trx, deps.clock, {
      to: account.email,
      kind: 'password_changed',
      language: input.locale ?? (account.locale as Language),
      brand: mailBrand(brand),
      params: { link: `${deps.config.publicUrl}/login`, email: account.email },
    });
    await recordAuthEvent(trx, { accountId: account.id, type: 'password_reset', ip: caller.ip, at: now });
  });
  deps.mailWritten();
}
