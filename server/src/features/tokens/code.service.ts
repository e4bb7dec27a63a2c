import type { Db, DbOrTx } from '../../db/database.ts';
import type { Account, OneTimeToken } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { addMs, type Clock, iso } from '../../lib/clock.ts';
import { newId, randomCode, safeEqual, sha256 } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { findAccountByEmail } from '../accounts/account.repository.ts';
import { insertToken, revokeTokens } from './token.repository.ts';

export type CodePurpose = 'signup_code' | 'reset_code' | 'email_change_code' | 'deletion_code';

/** SECURITY.md: 6 digits, 10 minutes, 5 tries per code. */
export const codeLifetimeMs = 10 * 60_000;
export const maxCodeAttempts = 5;

// Bound to the account, so the same digits mean nothing for another address.
const codeHash = (accountId: string, code: string) => sha256(`${accountId}:${code}`);

/** Issues a fresh code (older codes of the purpose end); returns the digits once. */
export async function issueCode(
  db: DbOrTx,
  clock: Clock,
  accountId: string,
  purpose: CodePurpose,
  panel?: { id: string; userId: string },
  /** Account settings: the address an e-mail change code confirms. */
  newEmail?: string,
): Promise<string> {
  const now = clock.now();
  await revokeTokens(db, accountId, [purpose], iso(now));
  const code = randomCode();
  await insertToken(db, {
    id: newId(),
    account_id: accountId,
    purpose,
    token_hash: codeHash(accountId, code),
    expires_at: iso(addMs(now, codeLifetimeMs)),
    consumed_at: null,
    attempts: 0,
    created_at: iso(now),
    panel_id: panel?.id ?? null,
    panel_user_id: panel?.userId ?? null,
    ...(newEmail ? { new_email: newEmail } : {}),
  });
  return code;
}

export function findLatestLiveCode(db: DbOrTx, accountId: string, purpose: CodePurpose, now: string): Promise<OneTimeToken | undefined> {
  return db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Takes one of a code's tries, atomically: of many concurrent tries only the first five get one. */
async function takeAttempt(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxCodeAttempts)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Checks a code for an address. Every wrong try counts against the code (5) and against the
 * account across codes (10 an hour, not reset by a resend); unknown addresses count alike.
 */
export async function checkCode(
  deps: Deps,
  input: { email: string; code: string; purpose: CodePurpose },
): Promise<{ account: Account; token: OneTimeToken }> {
  await deps.limits.codeAllowed(input.email);
  const account = await findAccountByEmail(deps.db, input.email);
  const token = account && (await findLatestLiveCode(deps.db, account.id, input.purpose, iso(deps.clock.now())));
  if (!account || !token || account.disabled_at) {
    await deps.limits.codeFailed(input.email);
    throw badRequest('otp.invalid', { fields: { code: 'otp.invalid' } });
  }
  if (!(await takeAttempt(deps.db, token.id)))
    throw new AppError(400, 'otp.attempts_exceeded', { fields: { code: 'otp.attempts_exceeded' } });
  if (!safeEqual(codeHash(account.id, input.code), token.token_hash)) {
    await deps.limits.codeFailed(input.email);
    throw badRequest('otp.invalid', { fields: { code: 'otp.invalid' } });
  }
  return { account, token };
}
