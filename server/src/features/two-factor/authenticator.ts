import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/database.ts';
import { stampOnce } from '../../db/stamp-once.ts';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { openWith, sealWith } from '../../lib/secrets.ts';

// The authenticator app's codes (RFC 6238: SHA-1, 6 digits, 30-second steps, which every app
// reads from the otpauth URI). The secret is sealed under a key of its own (decision 014).

const periodSeconds = 30;
/** One step either side: a phone whose clock is up to 30 seconds off still signs in. */
const driftSeconds = periodSeconds;

const secretKey = (deps: Pick<Deps, 'secrets'>) => deps.secrets.subKey('authenticator secret');

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'used' };

/** A new enrolment: the secret (replacing one that waited for its first code), its URI and QR code. */
export async function beginAuthenticator(
  db: DbOrTx,
  deps: Pick<Deps, 'secrets' | 'clock'>,
  accountId: string,
  names: { issuer: string; label: string },
): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const secret = generateSecret();
  const row = { secret: sealWith(secretKey(deps), secret), confirmed_at: null, last_step: null, created_at: iso(deps.clock.now()) };
  await db.deleteFrom('totp_factors').where('account_id', '=', accountId).where('confirmed_at', 'is', null).execute();
  await db
    .insertInto('totp_factors')
    .values({ account_id: accountId, ...row })
    .execute();
  const uri = generateURI({ ...names, secret });
  const qrSvg = await QRCode.toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#0f172a', light: '#ffffff' },
  });
  return { secret, uri, qrSvg };
}

export function findAuthenticator(db: DbOrTx, accountId: string) {
  return db.selectFrom('totp_factors').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/**
 * Checks a code against the account's authenticator (confirmed, or waiting for its first code
 * with `pending`) and, when right, records its time step in the same statement that refuses
 * a step already used: a code works once, even sent twice at the same moment.
 */
export async function useAuthenticatorCode(
  db: DbOrTx,
  deps: Pick<Deps, 'secrets' | 'clock'>,
  accountId: string,
  code: string,
  options: { pending?: boolean } = {},
): Promise<TotpCheck> {
  const factor = await findAuthenticator(db, accountId);
  if (!factor || (factor.confirmed_at === null) !== (options.pending ?? false)) return { ok: false, reason: 'wrong' };
  const secret = openWith(secretKey(deps), factor.secret);
  const epoch = Math.floor(deps.clock.now().getTime() / 1000);
  const check = { secret, token: code, epoch, epochTolerance: driftSeconds };
  const result = await verify({ ...check, ...(factor.last_step === null ? {} : { afterTimeStep: factor.last_step }) });
  if (!result.valid || !('timeStep' in result)) {
    const replayed = factor.last_step !== null && (await verify(check)).valid;
    return { ok: false, reason: replayed ? 'used' : 'wrong' };
  }
  const recorded = await db
    .updateTable('totp_factors')
    .set({ last_step: result.timeStep })
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', result.timeStep)]))
    .executeTakeFirst();
  return recorded.numUpdatedRows === 1n ? { ok: true, step: result.timeStep } : { ok: false, reason: 'used' };
}

export async function confirmAuthenticator(db: DbOrTx, accountId: string, now: string): Promise<boolean> {
  return stampOnce(db, 'totp_factors', 'confirmed_at', now, { account_id: accountId });
}
