import type { Language } from '@gatehouse/contract';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { findAccountByEmail, lockAccount, updateAccount } from '../accounts/account.repository.ts';
import { findSignupChoices, recordOwnerConsents } from '../accounts/owner-consents.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { proofs } from '../auth/proof.ts';
import { finishWayIn } from '../auth/session.service.ts';
import { linkPanelUser, panelHasOrigin } from '../panels/panel.repository.ts';
import { applyNewPassword } from '../passwords/apply-password.ts';
import { checkNewPassword } from '../passwords/password-policy.ts';
import { checkCode, codesLocked, findLatestLiveCode, issueCode } from '../tokens/code.service.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { announceAccountCreated } from '../webhooks/account-events.ts';
import { mailVerification } from './signup.service.ts';

/** Control-panel sign-up, step 2: the mailed code confirms the address (the code stays valid for step 3). */
export async function verifyOtpEmail(deps: Deps, input: { email: string; code: string }, caller: Caller) {
  const { account } = await checkCode(deps, { ...input, purpose: 'signup_code' }, caller);
  if (account.password_hash !== null) throw badRequest('otp.invalid');
  if (!account.email_verified_at) {
    const now = iso(deps.clock.now());
    await updateAccount(deps.db, account.id, { email_verified_at: now, updated_at: now });
    await recordAuthEvent(deps.db, { accountId: account.id, type: 'email_verified', ip: caller.ip, at: now });
  }
  return { email: account.email, ...(await findSignupChoices(deps.db, account.id)) };
}

/** Control-panel sign-up, step 3: the password with the same code; links the panel user and signs in. */
export async function completeOtpRegistration(
  deps: Deps,
  input: { email: string; password: string; code: string; userId?: string; consent?: boolean; analyticsConsent?: boolean },
  caller: Caller,
) {
  await deps.limits.hashing(caller.ip);
  // The password is judged before the code is tried, so a weak one costs none of its five tries.
  const weakness = checkNewPassword(input.password, input.email, deps.config.password.minLength);
  if (weakness) throw badRequest(weakness, { fields: { password: weakness } });
  const { account, token } = await checkCode(deps, { email: input.email, code: input.code, purpose: 'signup_code', signsIn: true }, caller);
  if (account.password_hash !== null) throw badRequest('otp.invalid');
  const passwordHash = await deps.hasher.hash(input.password);
  return deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    if (!(await consumeToken(trx, token.id, now))) throw badRequest('otp.invalid', { fields: { code: 'otp.invalid' } });
    if (account.password_hash === null) await announceAccountCreated(trx, deps.clock, account.id, token.panel_id ? 'panel' : 'code');
    const written = await applyNewPassword(trx, deps, { account, passwordHash, caller, event: 'password_set' });
    const updated = await recordOwnerConsents(trx, deps, account.id, input);
    // The panel user the code was asked for is linked only when the same panel's page completes
    // it for the same user: a code read elsewhere signs its owner in but links nobody. An account
    // with a second factor (a provider's account setting its first password) links it only
    // after that factor, as the panel's sign-in does (decision 046).
    const panel =
      token.panel_id &&
      token.panel_user_id &&
      input.userId === token.panel_user_id &&
      caller.panelOrigin &&
      (await panelHasOrigin(trx, token.panel_id, caller.panelOrigin))
        ? { panelId: token.panel_id, panelUserId: token.panel_user_id }
        : undefined;
    const started = await finishWayIn(trx, deps, written, caller, proofs.mailedCode, { pending: { panel }, event: null });
    if (started.kind === 'session' && panel) {
      await linkPanelUser(trx, { panelId: panel.panelId, panelUserId: panel.panelUserId, accountId: account.id, now });
    }
    return { account: updated, started };
  });
}

/** A new code for an address still waiting for one; the same answer for every address. */
export async function resendOtpVerification(deps: Deps, input: { email: string; locale?: Language }, caller: Caller): Promise<void> {
  caller.onServerFailure?.push(await deps.limits.mailSend('verification', input.email, caller.ip));
  await withMail(deps, caller.host, async (trx, mail) => {
    const account = await findAccountByEmail(trx, input.email);
    const now = iso(deps.clock.now());
    // The panel the last code was for, even if that code has expired since ('' sorts before any time).
    const previous =
      account && account.password_hash === null && !account.disabled_at
        ? await findLatestLiveCode(trx, account.id, 'signup_code', '')
        : undefined;
    if (account && previous && codesLocked(account)) {
      // Past the lifetime count of wrong codes: the verification link instead.
      await mailVerification(deps, trx, mail, account, input.locale ?? account.locale);
    } else if (account && previous) {
      await lockAccount(trx, account.id);
      const panel = previous.panel_id && previous.panel_user_id ? { id: previous.panel_id, userId: previous.panel_user_id } : undefined;
      const code = await issueCode(trx, deps, account.id, 'signup_code', panel);
      await mail({ to: account.email, kind: 'signup_code', language: input.locale ?? account.locale, params: { code } });
    }
    await recordAuthEvent(trx, { accountId: account?.id ?? null, type: 'verification_resent', ip: caller.ip, at: now });
  });
}
