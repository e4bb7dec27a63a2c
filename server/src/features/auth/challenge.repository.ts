import type { DbOrTx } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import { stampOnce } from '../../db/stamp-once.ts';
import { addMs, type Clock, iso } from '../../lib/clock.ts';
import { newId, randomToken, sha256 } from '../../lib/crypto.ts';
import { type Amr, amrColumn } from './proof.ts';

/** docs/security-targets.md: a sign-in waits 5 minutes for its second factor, and takes 5 wrong codes. */
export const challengeLifetimeMs = 5 * 60_000;
export const maxChallengeAttempts = 5;

/** The panel user a control-panel sign-in links once the second factor is in. */
export interface PendingPanelLink {
  panelId: string;
  panelUserId: string;
}

/** What a sign-in does once its second factor is in, besides starting the session. */
export interface AfterSecondFactor {
  panel?: PendingPanelLink;
  /** The hash of the team invitation the sign-in started from, as its single sign-on flow kept it. */
  invitationHash?: string;
}

/** Writes the challenge of a first factor proved; returns its cookie value, once. */
export async function openChallenge(
  db: DbOrTx,
  clock: Clock,
  account: Pick<Account, 'id' | 'credential_generation'>,
  amr: readonly Amr[],
  after: AfterSecondFactor = {},
): Promise<string> {
  const now = clock.now();
  const token = randomToken();
  await db
    .insertInto('two_factor_challenges')
    .values({
      id: newId(),
      token_hash: sha256(token),
      account_id: account.id,
      credential_generation: account.credential_generation,
      amr: amrColumn(amr),
      attempts: 0,
      panel_id: after.panel?.panelId ?? null,
      panel_user_id: after.panel?.panelUserId ?? null,
      invitation_hash: after.invitationHash ?? null,
      expires_at: iso(addMs(now, challengeLifetimeMs)),
      consumed_at: null,
      created_at: iso(now),
    })
    .execute();
  return token;
}

/**
 * Takes one try of the challenge behind a cookie value: the challenge, or undefined when there
 * is none, it expired, was used, or had its five tries (a copy of the cookie elsewhere shares them).
 */
export async function takeChallengeTry(db: DbOrTx, token: string, now: string) {
  const tokenHash = sha256(token);
  const taken = await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxChallengeAttempts)
    .executeTakeFirst();
  if (taken.numUpdatedRows !== 1n) return undefined;
  return db.selectFrom('two_factor_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirstOrThrow();
}

export async function consumeChallenge(db: DbOrTx, id: string, now: string): Promise<boolean> {
  return stampOnce(db, 'two_factor_challenges', 'consumed_at', now, { id });
}

/** The account's second factors and waiting sign-ins end: turned off, or reset by the operator. */
export async function removeSecondFactors(db: DbOrTx, accountId: string): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('account_id', '=', accountId).execute();
  await db.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
  await db.deleteFrom('totp_factors').where('account_id', '=', accountId).execute();
}
