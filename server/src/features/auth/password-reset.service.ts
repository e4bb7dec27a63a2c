import type { Language } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { MailBrand } from '../../mail/templates.ts';
import { findAccountByEmail, findAccountById, lockAccount, updateAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { getBrand, mailBrand } from '../brands/brand.service.ts';
import { checkNewPassword } from '../passwords/password-policy.ts';
import { checkCode, issueCode } from '../tokens/code.service.ts';
import { consumeToken, revokeTokens } from '../tokens/token.repository.ts';
import { findToken, issueToken } from '../tokens/token.service.ts';
import { deleteAccountSessions } from './session.repository.ts';

/**
 * Mails a reset link (or, with otp, a 6-digit code for the control panel) to a known address;
 * unknown addresses get the same answer and no mail.
 */
export async function initPasswordReset(
  deps: Deps,
  input: { email: string; locale?: Language; otp?: boolean },
  caller: Caller,
): Promise<void> {
  await deps.limits.mailSend('reset', input.email, caller.ip);
  const brand = mailBrand(await getBrand(deps.db, deps.config, caller.host));
  await deps.db.transaction().execute(async (trx) => {
    const account = await findAccountByEmail(trx, input.email);
    if (account && !account.disabled_at) {
      const language = input.locale ?? (account.locale as Language);
      if (input.otp) {
        await lockAccount(trx, account.id);
        const code = await issueCode(trx, deps.clock, account.id, 'reset_code');
        await enqueueMail(trx, deps.clock, { to: account.email, kind: 'reset_code', language, brand, params: { code } });
      } else {
        const token = await issueToken(trx, deps.clock, account.id, 'password_reset');
        const link = `${deps.config.publicUrl}/reset?${new URLSearchParams({ token })}`;
        await enqueueMail(trx, deps.clock, { to: account.email, kind: 'password_reset', language, brand, params: { link } });
      }
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
  const brand = mailBrand(await getBrand(deps.db, deps.config, caller.host));

  await deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    if (!(await consumeToken(trx, token.id, now))) throw badRequest('reset.failed');
    await replacePassword(trx, deps, { account, passwordHash, language: input.locale, brand, caller, now });
  });
  deps.mailWritten();
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
  const { account, token } = await checkCode(deps, { email: input.email, code: input.code, purpose: 'reset_code' });
  const passwordHash = await deps.hasher.hash(input.password);
  const brand = mailBrand(await getBrand(deps.db, deps.config, caller.host));

  await deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    if (!(await consumeToken(trx, token.id, now))) throw badRequest('otp.invalid', { fields: { code: 'otp.invalid' } });
    await replacePassword(trx, deps, { account, passwordHash, language: input.locale, brand, caller, now });
  });
  deps.mailWritten();
}

/** The common end of both resets: new hash, older tokens and codes void, every session ended, a notice mailed. */
async function replacePassword(
  trx: DbOrTx,
  deps: Deps,
  change: { account: Account; passwordHash: string; language?: Language; brand: MailBrand; caller: Caller; now: string },
): Promise<void> {
  const { account, now } = change;
  await updateAccount(trx, account.id, {
    password_hash: change.passwordHash,
    password_changed_at: now,
    // Following the mailed link or code proves the address, as verification would.
    email_verified_at: account.email_verified_at ?? now,
    updated_at: now,
  });
  await revokeTokens(trx, account.id, ['password_reset', 'reset_code', 'verify_email', 'set_password', 'signup_code'], now);
  await deleteAccountSessions(trx, account.id);
  await enqueueMail(trx, deps.clock, {
    to: account.email,
    kind: 'password_changed',
    language: change.language ?? (account.locale as Language),
    brand: change.brand,
    params: { link: `${deps.config.publicUrl}/login`, email: account.email },
  });
  await recordAuthEvent(trx, { accountId: account.id, type: 'password_reset', ip: change.caller.ip, at: now });
}
