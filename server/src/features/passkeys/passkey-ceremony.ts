import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { DbOrTx } from '../../db/database.ts';
import type { PasskeyPurpose } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { addMs, iso } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { type AuthEventType, recordAuthEvent } from '../audit/audit.repository.ts';
import { deleteChallenge, insertChallenge } from './passkey.repository.ts';

/**
 * Where a ceremony happens: the host the person is on (the relying-party id, so a white-label
 * brand's passkeys are its own), the page's origin the browser signs, and the browser's own
 * cookie, which binds each challenge to the browser that asked for it.
 */
export interface PasskeySite {
  host: string;
  origin: string;
  browser: string;
}

/** Long enough to find a security key and touch it; the browser's dialog gives up at the same time. */
export const ceremonyTimeoutMs = 5 * 60_000;

export async function keepChallenge(
  deps: Pick<Deps, 'db' | 'clock'>,
  site: PasskeySite,
  purpose: PasskeyPurpose,
  challenge: string,
  accountId: string | null = null,
): Promise<void> {
  const now = deps.clock.now();
  await insertChallenge(
    deps.db,
    { browserHash: sha256(site.browser), purpose, host: site.host, challenge, accountId },
    iso(now),
    iso(addMs(now, ceremonyTimeoutMs)),
  );
}

/** The challenge the browser signed, read from its client data; anything unreadable is no passkey answer. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length <= 512) return data.challenge;
  } catch {}
  throw badRequest('passkey.invalid');
}

/**
 * Takes the challenge an answer signed, once: from this browser, on this host, for this ceremony,
 * before it expired. Answers the account a registration was asked for.
 */
export async function takeChallenge(
  db: DbOrTx,
  deps: Pick<Deps, 'clock'>,
  site: PasskeySite,
  purpose: PasskeyPurpose,
  clientDataJSON: string,
): Promise<{ challenge: string; accountId: string | null } | undefined> {
  const challenge = signedChallenge(clientDataJSON);
  const kept = { browserHash: sha256(site.browser), purpose, host: site.host, challenge };
  const row = await deleteChallenge(db, kept, iso(deps.clock.now()));
  return row && { challenge, accountId: row.account_id };
}

/** A refused passkey answer: recorded in the audit log (for the account it named, if known), then answered. */
export async function refuse(
  deps: Pick<Deps, 'db' | 'clock'>,
  code: 'passkey.expired' | 'passkey.invalid' | 'passkey.unknown' | 'passkey.counter_regressed',
  accountId: string | null,
  caller: Caller,
  type: AuthEventType = 'passkey_refused',
): Promise<never> {
  await recordAuthEvent(deps.db, { accountId, type, ip: caller.ip, at: iso(deps.clock.now()) });
  throw new AppError(400, code);
}
