import type { Language } from '@gatehouse/contract';
import { screenUrl } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, TokenPurpose } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { MailBrand } from '../../mail/templates.ts';
import { lockAccount, updateAccount } from '../accounts/account.repository.ts';
import { type AuthEventType, recordAuthEvent } from '../audit/audit.repository.ts';
import { deleteAccountSessions, deleteOtherSessions } from '../auth/session.repository.ts';
import { revokeTokens } from '../tokens/token.repository.ts';

/**
 * Every purpose a token or code can have, and a new password ends them all, but one: the "this
 * was not me" link of an e-mail change notice (`email_change_cancel`). It is the owner's way back
 * if someone who knew the password moved the account to another address, and must survive that
 * person changing the password too (decision 017).
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

export interface NewPassword {
  account: Account;
  /** The argon2id hash of the new password, made before the transaction (hashing is slow). */
  passwordHash: string;
  caller: Caller;
  /** What the audit log records: a first password, a reset, a signed-in change, … */
  event: AuthEventType;
  /** A signed-in change keeps the session it was made in; every other session ends. */
  keepSessionId?: string;
  /**
   * Mail the owner that the password changed (every change of an existing password): with
   * `keepSessionId` the mail says every other device was signed out, without it every device.
   */
  notify?: { language?: Language; brand: MailBrand };
}

/**
 * The one way a password is written: set-password, code completion, reset by link or code and
 * the signed-in change in the settings call it inside their own transaction. It stores the
 * hash, counts the address as proven (a link, a code or a session proved it), ends every
 * outstanding token and code of the account (allTokenPurposes), ends its sessions (but
 * `keepSessionId`), clears the lifetime count of wrong codes and the run of failed sign-ins,
 * records the event and, with `notify`, mails the owner. The caller starts a new session
 * afterwards when the person is to be signed in.
 */
export async function applyNewPassword(trx: DbOrTx, deps: Deps, change: NewPassword): Promise<Account> {
  const { account, caller } = change;
  const now = iso(deps.clock.now());
  await lockAccount(trx, account.id);
  const updated = await updateAccount(trx, account.id, {
    password_hash: change.passwordHash,
    password_changed_at: now,
    email_verified_at: account.email_verified_at ?? now,
    code_failures: 0,
    updated_at: now,
  });
  await revokeTokens(trx, account.id, allTokenPurposes, now);
  if (change.keepSessionId) await deleteOtherSessions(trx, account.id, change.keepSessionId);
  else await deleteAccountSessions(trx, account.id);
  if (change.notify) {
    await enqueueMail(trx, deps, {
      to: account.email,
      kind: change.keepSessionId ? 'password_updated' : 'password_changed',
      language: change.notify.language ?? (account.locale as Language),
      brand: change.notify.brand,
      params: { link: screenUrl(deps.config.publicUrl, 'login'), email: account.email },
    });
  }
  await recordAuthEvent(trx, { accountId: account.id, type: change.event, ip: caller.ip, at: now });
  await deps.limits.accountCleared(account.email);
  return updated;
}
