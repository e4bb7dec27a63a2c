import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { findAccountByEmail, updateAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { linkPanelUser } from '../panels/panel.repository.ts';
import { clearFailures, countAccountFailure } from './account-run.ts';
import { endSessions } from './end-sessions.ts';
import { proofs } from './proof.ts';
import { finishWayIn, SignInRefused } from './session.service.ts';

/**
 * Signs in with e-mail and password. Every failure is the same 401 after the same work: an
 * unknown e-mail still costs one hash (against a dummy), one counted failure and one audit row.
 * Past the per-account cap (a run of failures from any clients, counted per address so unknown
 * addresses trip alike) the password alone no longer signs in: `auth.signin_paused` for right
 * and wrong passwords, until the owner sets a new one through the mailed link or code.
 */
export async function signIn(
  deps: Deps,
  input: { email: string; password: string },
  caller: Caller,
  panelUser?: { panelId: string; userId: string },
) {
  await deps.limits.signinAllowed(input.email, caller.ip);
  await deps.limits.hashing(caller.ip);
  const paused = await deps.limits.accountPaused(input.email);
  const account = await findAccountByEmail(deps.db, input.email);
  const stored = account ? account.password_hash : null;
  let valid = false;
  if (stored) valid = await deps.hasher.verify(stored, input.password);
  else await deps.hasher.verifyDummy(input.password);

  if (paused || !account || !valid) {
    await deps.limits.signinFailed(input.email, caller.ip);
    await recordAuthEvent(deps.db, { accountId: account?.id ?? null, type: 'signin_failed', ip: caller.ip, at: iso(deps.clock.now()) });
    // A reason code and the account id only: never the address, never what was typed.
    const reason = paused ? 'signin_paused' : !account ? 'unknown_address' : stored === null ? 'no_password' : 'wrong_password';
    deps.log.info({ reason, accountId: account?.id ?? null }, 'sign-in refused');
    if (paused) throw new AppError(401, 'auth.signin_paused');
    const tripped = await countAccountFailure(deps, input.email, account, caller);
    throw new AppError(401, tripped ? 'auth.signin_paused' : 'auth.invalid_credentials');
  }
  // Hashes made with older parameters are upgraded while the password is at hand.
  const rehash = stored && deps.hasher.needsRehash(stored) ? await deps.hasher.hash(input.password) : undefined;
  const signedIn = await deps.db
    .transaction()
    .execute(async (trx) => {
      const now = iso(deps.clock.now());
      // First: it refuses if the password checked above is no longer the account's (decision 029),
      // and the upgraded hash must never overwrite a newer password.
      const panel = panelUser && { panelId: panelUser.panelId, panelUserId: panelUser.userId };
      const started = await finishWayIn(trx, deps, account, caller, proofs.password, { pending: { panel } });
      if (rehash) await updateAccount(trx, account.id, { password_hash: rehash, updated_at: now });
      if (started.kind === 'challenge') return { account, started };
      if (panelUser)
        await linkPanelUser(
          trx,
          { panelId: panelUser.panelId, panelUserId: panelUser.userId, accountId: account.id, now },
          { replace: true },
        );
      return { account, started };
    })
    // Only the right password reaches this: a wrong one got the same answer as for any address.
    .catch(async (error: unknown) => {
      if (error instanceof SignInRefused) {
        await recordAuthEvent(deps.db, { accountId: account.id, type: 'signin_failed', ip: caller.ip, at: iso(deps.clock.now()) });
        deps.log.info({ reason: error.stale ? 'stale_credential' : 'account_disabled', accountId: account.id }, 'sign-in refused');
      }
      throw error;
    });
  // A password that still owes the code ends no run (clearFailures says why).
  if (signedIn.started.kind === 'session') await clearFailures(deps, input.email, caller);
  return signedIn;
}

export async function signOut(deps: Deps, accountId: string, sessionId: string, caller: Caller): Promise<void> {
  await deps.db.transaction().execute((trx) => endSessions(trx, deps, accountId, { only: sessionId }, { type: 'signout', ip: caller.ip }));
}
