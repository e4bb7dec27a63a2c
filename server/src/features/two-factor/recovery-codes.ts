import { createHmac, randomInt } from 'node:crypto';
import type { DbOrTx } from '../../db/database.ts';
import { stampOnce } from '../../db/stamp-once.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../lib/crypto.ts';
import { hasAuthenticator } from '../auth/factors.ts';

// Ten codes for the day the phone is lost, each working once. Only an HMAC under a key of its own
// is kept (decision 014), bound to the account, so a copy of the database gives none back.

export const recoveryCodeCount = 10;
// No 0/o, 1/l/i: the codes are read off paper and typed again.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const groupLength = 5;

/** What a typed code is compared as: lower case, without spaces and dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function codeKey(deps: Pick<Deps, 'secrets'>, accountId: string, code: string): string {
  return createHmac('sha256', deps.secrets.subKey('recovery code'))
    .update(`${accountId}\n${normalizeRecoveryCode(code)}`)
    .digest('base64url');
}

function randomRecoveryCode(): string {
  const group = () => Array.from({ length: groupLength }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${group()}-${group()}`;
}

/** A new set, ending every code of the old one; returns the codes, the only time they exist in clear. */
export async function replaceRecoveryCodes(db: DbOrTx, deps: Pick<Deps, 'secrets'>, accountId: string, now: string): Promise<string[]> {
  await db.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
  const codes = Array.from({ length: recoveryCodeCount }, randomRecoveryCode);
  await db
    .insertInto('recovery_codes')
    .values(
      codes.map((code) => ({
        id: newId(),
        account_id: accountId,
        code_key: codeKey(deps, accountId, code),
        used_at: null,
        created_at: now,
      })),
    )
    .execute();
  return codes;
}

/** Uses one code of the account's set: true once for each code, never again. */
export async function useRecoveryCode(
  db: DbOrTx,
  deps: Pick<Deps, 'secrets'>,
  accountId: string,
  code: string,
  now: string,
): Promise<boolean> {
  return stampOnce(db, 'recovery_codes', 'used_at', now, { account_id: accountId, code_key: codeKey(deps, accountId, code) });
}

export async function recoveryCodesLeft(db: DbOrTx, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** What the settings show: whether two-factor is on, and how many recovery codes are left. */
export async function twoFactorState(db: DbOrTx, accountId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const enabled = await hasAuthenticator(db, accountId);
  return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, accountId) : 0 };
}
