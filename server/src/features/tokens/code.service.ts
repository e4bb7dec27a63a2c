import type { DbOrTx } from '../../db/database.ts';
import type { Account, OneTimeToken } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { addMs, iso } from '../../lib/clock.ts';
import { newId, randomCode, safeEqual } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { emailKey, findAccountByEmail } from '../accounts/account.repository.ts';
import { insertToken, revokeTokens } from './token.repository.ts';

export type CodePurpose =
  | 'signup_code'
  | 'reset_code'
  | 'email_change_code'
  | 'deletion_code'
  | 'sso_link_code'
  | 'two_factor_code'
  | 'passkey_code';

/** docs/security-targets.md: 6 digits, 10 minutes, 5 tries per code. */
export const codeLifetimeMs = 10 * 60_000;
export const maxCodeAttempts = 5;
/**
 * Wrong codes an account may collect over its lifetime (any purpose, any client); past them its
 * codes no longer work and a code request mails a link instead, until a new password is set.
 * With 10^6 codes, this keeps the chance of ever guessing one under 1 in 20,000.
 */
export const lifetimeCodeFailures = 50;

/** True when the account may no longer use codes (the mailed link is its way back). */
export const codesLocked = (account: Account) => account.code_failures >= lifetimeCodeFailures;

/** Issues a fresh code (older codes of the purpose end); returns the digits once. */
export async function issueCode(
  db: DbOrTx,
  deps: Pick<Deps, 'clock' | 'secrets'>,
  accountId: string,
  purpose: CodePurpose,
  panel?: { id: string; userId: string },
  /** Account settings: the address an e-mail change code confirms. */
  newEmail?: string,
): Promise<string> {
  const now = deps.clock.now();
  await revokeTokens(db, accountId, [purpose], iso(now));
  const code = randomCode();
  const id = newId();
  await insertToken(db, {
    id,
    account_id: accountId,
    purpose,
    // Keyed with the server secret and bound to this row: unique, and no code back from a copy.
    token_hash: deps.secrets.codeDigest(id, purpose, code),
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
async function takeAttempt(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxCodeAttempts)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** One more wrong code on the account's lifetime count (the same statement, matching nothing, for unknown addresses). */
async function countWrongCode(db: DbOrTx, email: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set((eb) => ({ code_failures: eb('code_failures', '+', 1) }))
    .where('email_key', '=', emailKey(email))
    .execute();
}

const invalid = (field: string) => badRequest('otp.invalid', { fields: { [field]: 'otp.invalid' } });

/**
 * Checks a code for an address. The try is counted before the code is judged (per IP, per
 * address and IP, per address), then against the code (5) and, when wrong, against the
 * account's lifetime count. Every failure (wrong, expired, used up, never issued, unknown or
 * disabled address, codes locked) is the same 400 `otp.invalid` after the same statements, so
 * no answer tells whether the address has an account. `field` names the code's field in the
 * answer: `code` where the code is the call's point, `emailCode` where it stands in for a password.
 */
export async function checkCode(
  deps: Deps,
  input: { email: string; code: string; purpose: CodePurpose; field?: string; signsIn?: boolean },
  caller: Pick<Caller, 'ip'>,
): Promise<{ account: Account; token: OneTimeToken }> {
  await deps.limits.codeTry(input.email, caller.ip);
  const account = await findAccountByEmail(deps.db, input.email);
  const token = await findLatestLiveCode(deps.db, account?.id ?? '', input.purpose, iso(deps.clock.now()));
  const tokenId = token?.id ?? newId();
  const tryTaken = await takeAttempt(deps.db, tokenId);
  const matches = safeEqual(deps.secrets.codeDigest(tokenId, input.purpose, input.code), token?.token_hash ?? '');
  if (!matches) await countWrongCode(deps.db, input.email);
  // A code that signs in leaves a disabled account to finishWayIn, which tells whoever proved the mailbox (decision 051).
  const refusedAsDisabled = account?.disabled_at && !input.signsIn;
  if (!account || !token || !tryTaken || !matches || refusedAsDisabled || codesLocked(account)) throw invalid(input.field ?? 'code');
  return { account, token };
}
