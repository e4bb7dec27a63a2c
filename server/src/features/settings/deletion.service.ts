import type { Account } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { lockAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { endSessions } from '../auth/end-sessions.ts';
import { checkCode, issueCode } from '../tokens/code.service.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { announceAccountDeleted, teamEventsOfDeletion } from '../webhooks/account-events.ts';
import { accountAddresses } from './account-addresses.ts';
import { accountData, exportAccount } from './account-data.ts';
import { confirmPassword, type OwnerProof, type SignedIn } from './settings-access.ts';

/** Everything stored about the person, as one JSON document (GDPR articles 15 and 20). */
export async function exportAccountData(deps: Deps, account: Account, caller: Caller) {
  await deps.limits.lookup(caller.ip);
  const addresses = await accountAddresses(deps.db, account);
  const parts: Record<string, unknown> = {};
  for (const part of accountData) if (part.export) parts[part.name] = await part.export(deps.db, account, addresses);
  return { exportedAt: iso(deps.clock.now()), account: exportAccount(account), ...parts };
}

/** For an account without a password (single sign-on): a 6-digit code to confirm the deletion. */
export async function sendDeletionCode(deps: Deps, account: Account, caller: Caller): Promise<void> {
  caller.onServerFailure?.push(await deps.limits.mailSend('verification', account.email, caller.ip));
  await withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, account.id);
    const code = await issueCode(trx, deps, account.id, 'deletion_code');
    await mail({
      to: account.email,
      kind: 'deletion_code',
      language: account.locale,
      params: { code },
    });
  });
}

/**
 * Deletes the account for good, confirmed by its password (or, without one, the mailed code):
 * every part of accountData is erased in one transaction with the account row, the audit log
 * keeps one "account deleted" entry without account, address or IP, and a goodbye mail (erased
 * from the outbox once sent) goes to the address.
 */
export async function deleteAccount(deps: Deps, signedIn: SignedIn, input: OwnerProof, caller: Caller): Promise<void> {
  const { account } = signedIn;
  let codeId: string | undefined;
  if (account.password_hash) {
    if (!input.currentPassword) {
      throw badRequest('account.confirmation_required', { fields: { currentPassword: 'validation.password_required' } });
    }
    await confirmPassword(deps, signedIn, input.currentPassword, caller);
  } else {
    if (!input.emailCode) throw badRequest('account.confirmation_required', { fields: { emailCode: 'validation.otp_required' } });
    codeId = (await checkCode(deps, { email: account.email, code: input.emailCode, purpose: 'deletion_code', field: 'emailCode' }, caller))
      .token.id;
  }

  await withMail(deps, caller.host, async (trx, mail) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    if (codeId && !(await consumeToken(trx, codeId, now))) throw badRequest('otp.invalid', { fields: { emailCode: 'otp.invalid' } });
    // Read before any part erases: the one-time tokens hold the addresses of earlier e-mail changes.
    const addresses = await accountAddresses(trx, account);
    await endSessions(trx, deps, account.id, { all: true });
    const teams = await teamEventsOfDeletion(trx, deps.clock, account.id);
    for (const part of accountData) await part.erase(trx, account, addresses);
    const deleted = await trx.deleteFrom('accounts').where('id', '=', account.id).executeTakeFirst();
    // A second request racing this one finds nothing left to delete.
    if (deleted.numDeletedRows !== 1n) throw unauthorized();
    await recordAuthEvent(trx, { accountId: null, type: 'account_deleted', ip: null, at: now });
    await teams.afterErase();
    await announceAccountDeleted(trx, deps.clock, account.id);
    await mail({
      to: account.email,
      kind: 'account_deleted',
      language: account.locale,
      params: { email: account.email },
    });
  });
}
