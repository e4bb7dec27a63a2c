import type { DbOrTx } from '../../db/database.ts';
import type { OneTimeToken, TokenPurpose } from '../../db/schema.ts';
import { addMs, type Clock, iso } from '../../lib/clock.ts';
import { newId, randomToken, sha256 } from '../../lib/crypto.ts';
import { lockAccount } from '../accounts/account.repository.ts';
import { findAnyToken, findLiveToken, insertToken, revokeTokens } from './token.repository.ts';

/** Lifetimes from docs/security-targets.md: verification link 24 h, set-password 1 h, reset link 1 h. */
export const tokenLifetimesMs: Record<'verify_email' | 'set_password' | 'password_reset', number> = {
  verify_email: 24 * 3_600_000,
  set_password: 3_600_000,
  password_reset: 3_600_000,
};

/** Issues a fresh token of one purpose, ending the account's older ones; returns the raw value once. */
export async function issueToken(db: DbOrTx, clock: Clock, accountId: string, purpose: keyof typeof tokenLifetimesMs): Promise<string> {
  const now = clock.now();
  await lockAccount(db, accountId);
  await revokeTokens(db, accountId, [purpose], iso(now));
  return writeToken(db, { accountId, purpose, now, lifetimeMs: tokenLifetimesMs[purpose] });
}

/** Stores a new link's token (its hash only) and returns the raw value, once. */
export async function writeToken(
  db: DbOrTx,
  link: { accountId: string; purpose: TokenPurpose; now: Date; lifetimeMs: number; newEmail?: string },
): Promise<string> {
  const token = randomToken();
  await insertToken(db, {
    id: newId(),
    account_id: link.accountId,
    purpose: link.purpose,
    token_hash: sha256(token),
    expires_at: iso(addMs(link.now, link.lifetimeMs)),
    consumed_at: null,
    attempts: 0,
    created_at: iso(link.now),
    new_email: link.newEmail ?? null,
  });
  return token;
}

export function findToken(db: DbOrTx, clock: Clock, token: string, purpose: TokenPurpose): Promise<OneTimeToken | undefined> {
  return findLiveToken(db, sha256(token), purpose, iso(clock.now()));
}

/**
 * What became of a mailed link that is no longer live: `used` once consumed (or replaced by a
 * newer link), `expired` past its lifetime, undefined when no such link was ever mailed. Only the
 * holder of the link learns this, so it tells nothing about an address to anyone else.
 */
export async function staleTokenState(
  db: DbOrTx,
  clock: Clock,
  token: string,
  purpose: TokenPurpose,
): Promise<{ state: 'used' | 'expired'; accountId: string } | undefined> {
  const row = await findAnyToken(db, sha256(token), purpose);
  if (!row) return undefined;
  return { state: row.consumed_at !== null || row.expires_at > iso(clock.now()) ? 'used' : 'expired', accountId: row.account_id };
}
