import { type AccountOverview, screenUrl } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, OneTimeToken } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { type WriteMail, withMail } from '../../mail/mail-transaction.ts';
import { emailKey, findAccountByEmail, findAccountById, lockAccount, updateAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { checkCode, issueCode } from '../tokens/code.service.ts';
import { revokeByPolicy } from '../tokens/revoke-policies.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { findToken, writeToken } from '../tokens/token.service.ts';
import { twoFactorState } from '../two-factor/recovery-codes.ts';
import { announceAccountUpdated } from '../webhooks/account-events.ts';
import { confirmPassword, type SignedIn } from './settings-access.ts';

/** The new address's link and the old address's "stop it" link: 24 hours, like a verification link. */
const linkLifetimeMs = 24 * 3_600_000;

function insertLinkToken(db: DbOrTx, deps: Deps, accountId: string, purpose: 'email_change' | 'email_change_cancel', newEmail: string) {
  return writeToken(db, { accountId, purpose, now: deps.clock.now(), lifetimeMs: linkLifetimeMs, newEmail });
}

/** What the settings show besides the account: whether it has a password, a pending change. */
export async function accountOverviewOf(deps: Deps, account: Account): Promise<AccountOverview> {
  return {
    hasPassword: account.password_hash !== null,
    passwordChangedAt: account.password_changed_at,
    pendingEmail: await pendingEmail(deps, account.id),
    twoFactor: await twoFactorState(deps.db, account.id),
  };
}

/** The address a pending change waits to have verified, or null. */
async function pendingEmail(deps: Deps, accountId: string, db: DbOrTx = deps.db): Promise<string | null> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select('new_email')
    .where('account_id', '=', accountId)
    .where('purpose', 'in', ['email_change', 'email_change_code'])
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', iso(deps.clock.now()))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.new_email ?? null;
}

/**
 * The new address's half of a change: a link (a code from a hosting panel) to a free address; to
 * an address that already has an account, a mail saying so and a token nobody receives, which
 * keeps the pending state the same as for a free address (enumeration-safe).
 */
async function mailNewAddress(db: DbOrTx, deps: Deps, mail: WriteMail, account: Account, email: string, byCode: boolean) {
  const taken = await findAccountByEmail(db, email);
  if (taken) {
    await insertLinkToken(db, deps, account.id, 'email_change', email);
    await mail({
      to: taken.email,
      kind: 'email_change_taken',
      language: taken.locale,
      params: { link: screenUrl(deps.config.publicUrl, 'login') },
    });
  } else if (byCode) {
    const code = await issueCode(db, deps, account.id, 'email_change_code', undefined, email);
    await mail({ to: email, kind: 'email_change_code', language: account.locale, params: { code, email } });
  } else {
    const token = await insertLinkToken(db, deps, account.id, 'email_change', email);
    const link = screenUrl(deps.config.publicUrl, 'emailConfirm', { token });
    await mail({ to: email, kind: 'email_change_verify', language: account.locale, params: { link, email } });
  }
}

/**
 * Sends the pending change's link (or code) again, to the address chosen with the password: a
 * fresh one, which replaces the one mailed before. The old address's "stop it" link stays.
 */
export async function resendEmailChange(deps: Deps, account: Account, caller: Caller): Promise<{ pendingEmail: string }> {
  const email = await pendingEmail(deps, account.id);
  if (!email) throw badRequest('email_change.none_pending');
  caller.onServerFailure?.push(await deps.limits.mailSend('verification', email, caller.ip));
  await withMail(deps, caller.host, async (trx, mail) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    // Read again under the lock: a withdrawal acknowledged meanwhile is not brought back.
    if ((await pendingEmail(deps, account.id, trx)) !== email) throw badRequest('email_change.none_pending');
    await revokeByPolicy(trx, account.id, 'newEmailChange', now);
    await mailNewAddress(trx, deps, mail, account, email, caller.panel !== undefined);
    await recordAuthEvent(trx, { accountId: account.id, type: 'email_change_resent', ip: caller.ip, at: now });
  });
  return { pendingEmail: email };
}

/** Withdraws the pending change from the settings: its link or code stops working; the address stays. */
export async function withdrawEmailChange(deps: Deps, account: Account, caller: Caller): Promise<void> {
  await deps.limits.lookup(caller.ip);
  if (!(await pendingEmail(deps, account.id))) throw badRequest('email_change.none_pending');
  await deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    await revokeByPolicy(trx, account.id, 'newEmailChange', now);
    await recordAuthEvent(trx, { accountId: account.id, type: 'email_change_withdrawn', ip: caller.ip, at: now });
  });
}

/**
 * Starts an e-mail change: the password is re-entered, the new address gets a link (a code when
 * the call comes from a hosting panel), the old one a notice with a link that stops the change.
 * Nothing changes until the new address is verified. An address that already has an account
 * gets the same answer here and a mail saying so, never a link (enumeration-safe).
 */
export async function requestEmailChange(
  deps: Deps,
  signedIn: SignedIn,
  input: { email: string; currentPassword: string },
  caller: Caller,
): Promise<{ pendingEmail: string }> {
  const { account } = signedIn;
  await confirmPassword(deps, signedIn, input.currentPassword, caller);
  if (emailKey(input.email) === account.email_key) {
    throw badRequest('email_change.same_address', { fields: { email: 'email_change.same_address' } });
  }
  caller.onServerFailure?.push(await deps.limits.mailSend('verification', input.email, caller.ip));
  const language = account.locale;
  const byCode = caller.panel !== undefined;

  await withMail(deps, caller.host, async (trx, mail) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    // A newer change replaces a pending one, but every "this was not me" link stays: someone who
    // knew the password and moved the account on must not end the owner's way back.
    await revokeByPolicy(trx, account.id, 'newEmailChange', now);
    await mailNewAddress(trx, deps, mail, account, input.email, byCode);
    // The "stop it" token keeps the address to return to, in case the change went through already.
    const cancel = await insertLinkToken(trx, deps, account.id, 'email_change_cancel', account.email);
    await mail({
      to: account.email,
      kind: 'email_change_notice',
      language,
      params: { link: screenUrl(deps.config.publicUrl, 'emailCancel', { token: cancel }), email: input.email },
    });
    await recordAuthEvent(trx, { accountId: account.id, type: 'email_change_requested', ip: caller.ip, at: now });
  });
  return { pendingEmail: input.email };
}

/** Moves the account to the token's verified address, unless another account took it meanwhile. */
async function applyEmailChange(deps: Deps, token: OneTimeToken, caller: Caller): Promise<Account> {
  const newEmail = token.new_email;
  if (!newEmail) throw badRequest('email_change.failed');
  return deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, token.account_id);
    if (!(await consumeToken(trx, token.id, now))) throw badRequest('email_change.failed');
    const holder = await findAccountByEmail(trx, newEmail);
    if (holder && holder.id !== token.account_id) throw badRequest('email_change.failed');
    const account = await updateAccount(trx, token.account_id, {
      email: newEmail,
      email_key: emailKey(newEmail),
      email_verified_at: now,
      updated_at: now,
    });
    await revokeByPolicy(trx, account.id, 'addressChanged', now);
    await recordAuthEvent(trx, { accountId: account.id, type: 'email_changed', ip: caller.ip, at: now });
    await announceAccountUpdated(trx, deps.clock, account.id);
    return account;
  });
}

/** Confirms with the new address's link: proof enough on its own (it may open in another browser). */
export async function confirmEmailChangeByLink(deps: Deps, rawToken: string, caller: Caller): Promise<Account> {
  const token = await findToken(deps.db, deps.clock, rawToken, 'email_change');
  const account = token && (await findAccountById(deps.db, token.account_id));
  if (token && account && !account.disabled_at) return applyEmailChange(deps, token, caller);
  // Mail scanners open links before people do: a link opened again after it moved the account,
  // while the account is still on that address, answers as the first time did.
  const used = await deps.db
    .selectFrom('one_time_tokens')
    .select(['account_id', 'new_email'])
    .where('token_hash', '=', sha256(rawToken))
    .where('purpose', '=', 'email_change')
    .where('expires_at', '>', iso(deps.clock.now()))
    .executeTakeFirst();
  const moved = used?.new_email ? await findAccountById(deps.db, used.account_id) : undefined;
  if (moved && !moved.disabled_at && used?.new_email && moved.email_key === emailKey(used.new_email)) return moved;
  throw badRequest('email_change.failed');
}

/** Confirms with the code mailed to the new address (hosting panels); the code belongs to the signed-in account. */
export async function confirmEmailChangeByCode(deps: Deps, account: Account, code: string, caller: Caller): Promise<Account> {
  const { token } = await checkCode(deps, { email: account.email, code, purpose: 'email_change_code' }, caller);
  return applyEmailChange(deps, token, caller);
}
