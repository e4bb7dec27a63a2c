import type { Language } from '@gatehouse/contract';
import { screenUrl } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import type { WriteMail } from '../../mail/mail-transaction.ts';
import { lockAccount, updateCredential } from '../accounts/account.repository.ts';
import { type AuthEventType, recordAuthEvent } from '../audit/audit.repository.ts';
import { endSessions } from '../auth/end-sessions.ts';
import { revokeByPolicy } from '../tokens/revoke-policies.ts';
import { applyRecovery } from '../ways-in/registry.ts';
import { announceAccountCreated } from '../webhooks/account-events.ts';

export interface NewPassword {
  account: Account;
  /** The argon2id hash of the new password, made before the transaction (hashing is slow). */
  passwordHash: string;
  caller: Caller;
  /** What the audit log records: a first password, a reset, a signed-in change, … */
  event: AuthEventType;
  /**
   * A signed-in change: its browser stays signed in under a new session (changePassword starts
   * it, decision 019); every session started for the old password ends all the same.
   */
  signedIn?: boolean;
  /**
   * Mail the owner that the password changed (every change of an existing password): when
   * `signedIn` the mail says every other device was signed out, otherwise every device.
   */
  notify?: { language?: Language; mail: WriteMail };
}

/**
 * The one way a password is written: set-password, code completion, reset by link or code and the
 * signed-in change in the settings call it inside their own transaction. It stores the hash and
 * moves the credential generation on (a sign-in that checked the old password starts no session,
 * decision 029), counts the address as proven (a link, a code or a session proved it), ends every
 * outstanding token and code of the account but the way back (revoke policy `newPassword`), ends its sessions, clears the lifetime count of wrong codes and the run of failed
 * sign-ins, records the event and, with `notify`, mails the owner. The caller starts
 * a new session afterwards when the person is to be signed in.
 */
export async function applyNewPassword(trx: DbOrTx, deps: Deps, change: NewPassword): Promise<Account> {
  const { account, caller } = change;
  const now = iso(deps.clock.now());
  await lockAccount(trx, account.id);
  const updated = await updateCredential(trx, account.id, {
    password_hash: change.passwordHash,
    password_changed_at: now,
    email_verified_at: account.email_verified_at ?? now,
    code_failures: 0,
    updated_at: now,
  });
  // A pending sign-up's first password completes the account (a panel's code sign-up says so first).
  if (account.password_hash === null) await announceAccountCreated(trx, deps.clock, account.id, 'password');
  await revokeByPolicy(trx, account.id, 'newPassword', now);
  await endSessions(trx, deps, account.id, { all: true });
  await applyRecovery(trx, deps.clock, account.id, change.signedIn ? 'passwordChange' : 'reset');
  if (change.notify) {
    await change.notify.mail({
      to: account.email,
      kind: change.signedIn ? 'password_updated' : 'password_changed',
      language: change.notify.language ?? account.locale,
      params: { link: screenUrl(deps.config.publicUrl, 'login'), email: account.email },
    });
  }
  await recordAuthEvent(trx, { accountId: account.id, type: change.event, ip: caller.ip, at: now });
  await deps.limits.accountCleared(account.email);
  return updated;
}
