import type { Transaction } from 'kysely';
import type { Account, Database, TwoFactorChallenge } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { findAccountById } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { clearFailures, countAccountFailure } from '../auth/account-run.ts';
import { consumeChallenge, maxChallengeAttempts, takeChallengeTry } from '../auth/challenge.repository.ts';
import { amrOf, withSecondFactor } from '../auth/proof.ts';
import { finishWayIn, SignInRefused, type Started } from '../auth/session.service.ts';
import { linkPanelUser, panelHasOrigin } from '../panels/panel.repository.ts';
import { type JoinResult, joinByTokenHash } from '../teams/invitation.service.ts';
import { useAuthenticatorCode } from './authenticator.ts';
import { useRecoveryCode } from './recovery-codes.ts';

export type SecondFactor = { code: string } | { recoveryCode: string };

const expired = () => new AppError(401, 'two_factor.challenge_expired');

/**
 * Answers the challenge behind the browser's cookie with an authenticator code or a recovery
 * code, and starts the session the first factor asked for, proved with both (decision 046).
 * A wrong code costs one of the challenge's five tries and counts in the account's run of
 * failures like a wrong password; a code's time step is accepted once.
 */
export async function answerChallenge(deps: Deps, challengeToken: string | undefined, factor: SecondFactor, caller: Caller) {
  const challenge = challengeToken ? await takeChallengeTry(deps.db, challengeToken, iso(deps.clock.now())) : undefined;
  const account = challenge && (await findAccountById(deps.db, challenge.account_id));
  // A disabled account is told so once the code is right, where every sign-in finishes (finishWayIn).
  if (!challenge || !account) throw expired();
  await deps.limits.signinAllowed(account.email, caller.ip);
  if (await deps.limits.accountPaused(account.email)) throw new AppError(401, 'auth.signin_paused');

  const outcome = await deps.db
    .transaction()
    .execute(async (trx): Promise<{ refused: Refusal } | { started: Session; invitation?: JoinResult }> => {
      const refused = await useFactor(trx, deps, challenge, factor, caller);
      if (refused) return { refused };
      if (!(await consumeChallenge(trx, challenge.id, iso(deps.clock.now())))) throw expired();
      const started = await startProvedSession(trx, deps, challenge, caller);
      // The team invitation a single sign-on started from: joined as that sign-on would have.
      const invitation = challenge.invitation_hash
        ? await joinByTokenHash(deps, trx, challenge.account_id, challenge.invitation_hash, { invitedAddressOnly: true })
        : undefined;
      return { started, invitation };
    });
  if ('refused' in outcome) return refuse(deps, challenge, account, outcome.refused, caller);
  await clearFailures(deps, account.email, caller);
  return { account, started: outcome.started, invitation: outcome.invitation };
}

type Session = Extract<Started, { kind: 'session' }>;
type Refusal = 'two_factor.invalid_code' | 'two_factor.code_used' | 'two_factor.invalid_recovery_code';

async function useFactor(
  trx: Transaction<Database>,
  deps: Deps,
  challenge: TwoFactorChallenge,
  factor: SecondFactor,
  caller: Caller,
): Promise<Refusal | undefined> {
  if ('code' in factor) {
    const check = await useAuthenticatorCode(trx, deps, challenge.account_id, factor.code);
    if (check.ok) return undefined;
    return check.reason === 'used' ? 'two_factor.code_used' : 'two_factor.invalid_code';
  }
  const now = iso(deps.clock.now());
  if (!(await useRecoveryCode(trx, deps, challenge.account_id, factor.recoveryCode, now))) return 'two_factor.invalid_recovery_code';
  await recordAuthEvent(trx, { accountId: challenge.account_id, type: 'two_factor_recovery_used', ip: caller.ip, at: now });
  return undefined;
}

async function startProvedSession(trx: Transaction<Database>, deps: Deps, challenge: TwoFactorChallenge, caller: Caller): Promise<Session> {
  const now = iso(deps.clock.now());
  const checked = { id: challenge.account_id, credential_generation: challenge.credential_generation };
  // Audited under the name of the first factor's way in, once the code is in.
  const started = await finishWayIn(trx, deps, checked, caller, withSecondFactor(amrOf(challenge))).catch((error: unknown) => {
    // A new password or "this was not me" since the first factor: start again.
    if (error instanceof SignInRefused && error.stale) throw expired();
    throw error;
  });
  if (started.kind !== 'session') throw expired();
  // A control-panel sign-in links its panel user now, and only from that panel's page.
  if (
    challenge.panel_id &&
    challenge.panel_user_id &&
    caller.panelOrigin &&
    (await panelHasOrigin(trx, challenge.panel_id, caller.panelOrigin))
  ) {
    await linkPanelUser(
      trx,
      { panelId: challenge.panel_id, panelUserId: challenge.panel_user_id, accountId: challenge.account_id, now },
      { replace: true },
    );
  }
  return started;
}

async function refuse(deps: Deps, challenge: TwoFactorChallenge, account: Account, code: Refusal, caller: Caller): Promise<never> {
  await deps.limits.signinFailed(account.email, caller.ip);
  await recordAuthEvent(deps.db, { accountId: account.id, type: 'two_factor_failed', ip: caller.ip, at: iso(deps.clock.now()) });
  if (await countAccountFailure(deps, account.email, account, caller)) throw new AppError(401, 'auth.signin_paused');
  if (challenge.attempts >= maxChallengeAttempts) throw new AppError(401, 'two_factor.attempts_exceeded');
  const field = code === 'two_factor.invalid_recovery_code' ? 'recoveryCode' : 'code';
  throw badRequest(code, { fields: { [field]: code } });
}
