import type { Db } from '../../src/db/database.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { iso } from '../../src/lib/clock.ts';
import type { Secrets } from '../../src/lib/secrets.ts';

/**
 * Stand-ins for enrolment and the two-factor sign-in, written straight into the database, for
 * the tests of a team's requirement (decision 047): a confirmed authenticator (a sealed random
 * secret nobody can use), and the account's live sessions marked as proved with a password and
 * an authenticator's code, as the two-factor sign-in records them (decision 045).
 */
export async function writeConfirmedAuthenticatorDirectly(deps: { db: Db; clock: Clock; secrets: Secrets }, accountId: string) {
  const now = iso(deps.clock.now());
  const secret = deps.secrets.seal(crypto.randomUUID());
  await deps.db
    .insertInto('totp_factors')
    .values({ account_id: accountId, secret, confirmed_at: now, last_step: null, created_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ confirmed_at: now }))
    .execute();
}

export async function markSessionsProvedWithTwoFactorsDirectly(db: Db, accountId: string) {
  await db.updateTable('sessions').set({ amr: 'pwd otp mfa' }).where('account_id', '=', accountId).execute();
}

/** Both: the account complies with a team's requirement from its next request. */
export async function signInWithTwoFactorsDirectly(deps: { db: Db; clock: Clock; secrets: Secrets }, accountId: string) {
  await writeConfirmedAuthenticatorDirectly(deps, accountId);
  await markSessionsProvedWithTwoFactorsDirectly(deps.db, accountId);
}
