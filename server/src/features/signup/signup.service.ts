import { type ErrorCode, type Language, screenUrl } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { type WriteMail, withMail } from '../../mail/mail-transaction.ts';
import {
  consentRow,
  emailKey,
  findAccountByEmail,
  findAccountById,
  insertAccountOrGetExisting,
  insertConsents,
  lockAccount,
  updateAccount,
} from '../accounts/account.repository.ts';
import { findSignupChoices, keepSignupChoices, recordOwnerConsents } from '../accounts/owner-consents.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { proofs } from '../auth/proof.ts';
import { finishWayIn } from '../auth/session.service.ts';
import { applyNewPassword } from '../passwords/apply-password.ts';
import { checkNewPassword } from '../passwords/password-policy.ts';
import { claimInvitation, findInvitationByToken, joinClaimedInvitations } from '../teams/invitation.service.ts';
import { codesLocked, issueCode } from '../tokens/code.service.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { findToken, issueToken, staleTokenState } from '../tokens/token.service.ts';
import { endBrowserWatches, keepWatch, linkOpened } from './signup-watch.ts';

export interface SignupInput {
  email: string;
  consent?: boolean;
  analyticsConsent?: boolean;
  locale?: Language;
  userId?: string;
  /** The token of a team invitation the sign-up started from (/signup?invitation=…). */
  invitation?: string;
  watch?: string;
}

/** The watch this browser already held (its cookie), replaced by the watch of a new sign-up from it. */
export interface SignupBrowser {
  watch?: string;
}

/** Mails the link that confirms a sign-up's address (a new one, a resend, or instead of codes past their limit). */
export async function mailVerification(
  deps: Deps,
  trx: DbOrTx,
  mail: WriteMail,
  account: { id: string; email: string },
  language: Language,
) {
  const token = await issueToken(trx, deps.clock, account.id, 'verify_email');
  await mail({
    to: account.email,
    kind: 'verify_email',
    language,
    params: { link: screenUrl(deps.config.publicUrl, 'activateEmail', { token, email: account.email }) },
  });
}

/**
 * Starts a sign-up. Known and unknown addresses get the same answer after the same work (one
 * transaction writing one mail); only the mail differs, telling an existing owner to sign in.
 *
 * From a team invitation: the invited address, still without a password, needs no verification
 * mail (the invitation link proved the mailbox): the answer carries the set-password token at
 * once, and the account joins the team when its password is set. Another address is an ordinary
 * sign-up; it joins only by its own "Join" once signed in (decision 030). Only the holder of the
 * invitation's token sees an answer that differs.
 */
export async function signUp(deps: Deps, input: SignupInput, caller: Caller, browser: SignupBrowser = {}): Promise<{ token?: string }> {
  // From a hosting panel (the route resolved the installation): a code for one of its users.
  const { panel } = caller;
  if (panel && !input.userId) throw badRequest('panel.invalid_key', { fields: { userId: 'panel.invalid_key' } });
  const invitation = !panel && input.invitation ? await findInvitationByToken(deps, input.invitation) : undefined;
  const invitedAddress = invitation !== undefined && invitation.email_key === emailKey(input.email);
  const existing = invitedAddress ? await findAccountByEmail(deps.db, input.email) : undefined;
  // No mail goes to an invited address that has no password yet: the lookup limit stands in for the mail limit.
  if (invitedAddress && !existing?.password_hash && !existing?.disabled_at) await deps.limits.lookup(caller.ip);
  else caller.onServerFailure?.push(await deps.limits.mailSend('verification', input.email, caller.ip));
  return withMail(deps, caller.host, async (trx, mail, brand): Promise<{ token?: string }> => {
    const language = input.locale ?? brand.defaultLanguage;
    const now = iso(deps.clock.now());
    if (input.watch) await endBrowserWatches(trx, [input.watch, browser.watch]);
    // Marketing and analytics consents are the owner's, recorded when the owner completes the
    // sign-up (set-password, code completion) or saves the profile: never taken from whoever
    // typed the address here.
    const { account, created } = await insertAccountOrGetExisting(trx, { email: input.email, locale: language, now });
    if (created) {
      await insertConsents(trx, [
        consentRow(account.id, 'data_processing', true, { now, policyVersion: deps.config.consentPolicyVersion }),
      ]);
    }
    const pending = account.password_hash === null && account.disabled_at === null;
    if (pending) await keepSignupChoices(trx, account.id, input, now);
    // The invited address's pending account remembers the invitation and joins when its password is set.
    const claimed = pending && invitedAddress && input.invitation ? await claimInvitation(deps, trx, account, input.invitation) : undefined;
    if (claimed) {
      const now = iso(deps.clock.now());
      if (!account.email_verified_at) await updateAccount(trx, account.id, { email_verified_at: now, updated_at: now });
      await recordAuthEvent(trx, { accountId: account.id, type: 'email_verified', ip: caller.ip, at: now });
      return { token: await issueToken(trx, deps.clock, account.id, 'set_password') };
    }
    if (account.password_hash !== null || account.disabled_at !== null) {
      if (account.disabled_at === null) {
        await mail({
          to: account.email,
          kind: 'already_registered',
          language,
          params: { link: screenUrl(deps.config.publicUrl, 'login'), secondaryLink: screenUrl(deps.config.publicUrl, 'resetPassword') },
        });
      }
    } else if (panel && input.userId && !codesLocked(account)) {
      const code = await issueCode(trx, deps, account.id, 'signup_code', { id: panel.id, userId: input.userId });
      await mail({ to: account.email, kind: 'signup_code', language, params: { code } });
    } else {
      await mailVerification(deps, trx, mail, account, language);
      // The starting tab's watch (decision 041), for a pending account just mailed a link only.
      if (input.watch) await keepWatch(trx, account.id, input.watch, now);
    }
    await recordAuthEvent(trx, { accountId: account.id, type: 'signup_requested', ip: caller.ip, at: now });
    return {};
  });
}

/** Sends a new verification link to an address still waiting for one; answers alike for every address. */
export async function resendVerification(deps: Deps, input: { email: string; locale?: Language }, caller: Caller): Promise<void> {
  caller.onServerFailure?.push(await deps.limits.mailSend('verification', input.email, caller.ip));
  await withMail(deps, caller.host, async (trx, mail) => {
    const account = await findAccountByEmail(trx, input.email);
    const pending = account && account.password_hash === null && account.disabled_at === null;
    if (pending) await mailVerification(deps, trx, mail, account, input.locale ?? account.locale);
    await recordAuthEvent(trx, { accountId: account?.id ?? null, type: 'verification_resent', ip: caller.ip, at: iso(deps.clock.now()) });
  });
}

/**
 * Confirms the address from the mailed link and hands back a short-lived set-password token.
 * Idempotent until the password is set: mail scanners open links before people do.
 */
export async function verifyEmail(deps: Deps, input: { email: string; token: string }, caller: Caller, browser: SignupBrowser = {}) {
  return deps.db.transaction().execute(async (trx) => {
    const token = await findToken(trx, deps.clock, input.token, 'verify_email');
    const account = token && (await findAccountByEmail(trx, input.email));
    if (!token || !account || account.id !== token.account_id || account.password_hash !== null || account.disabled_at) {
      throw badRequest(await verificationFailure(trx, deps, input));
    }
    const now = iso(deps.clock.now());
    if (!account.email_verified_at) {
      await updateAccount(trx, account.id, { email_verified_at: now, updated_at: now });
      await recordAuthEvent(trx, { accountId: account.id, type: 'email_verified', ip: caller.ip, at: now });
    }
    // Every opening, not only the first: a mail scanner's, or a phone's while several browsers
    // watch, tells no tab, and the owner's browser opening it later must still tell its own.
    await linkOpened(trx, account.id, browser.watch, now);
    const setPasswordToken = await issueToken(trx, deps.clock, account.id, 'set_password');
    return { email: account.email, token: setPasswordToken, ...(await findSignupChoices(trx, account.id)) };
  });
}

/**
 * Why a verification link does not work, for the one who holds it: the account it was mailed for
 * is set up already (sign in), or the link expired or was replaced (send a new one).
 */
async function verificationFailure(db: DbOrTx, deps: Deps, input: { email: string; token: string }): Promise<ErrorCode> {
  const stale = await staleTokenState(db, deps.clock, input.token, 'verify_email');
  const account = stale && (await findAccountById(db, stale.accountId));
  if (!stale || !account || account.email_key !== emailKey(input.email) || account.disabled_at) return 'email.verification_failed';
  return account.password_hash !== null ? 'email.link_used' : 'email.link_expired';
}

/** Sets the first password with the token from verifyEmail, records the owner's consents, and signs the person in. */
export async function setPassword(
  deps: Deps,
  input: { email: string; password: string; token: string; consent?: boolean; analyticsConsent?: boolean },
  caller: Caller,
) {
  await deps.limits.hashing(caller.ip);
  const token = await findToken(deps.db, deps.clock, input.token, 'set_password');
  const account = token && (await findAccountByEmail(deps.db, input.email));
  if (!token || !account || account.id !== token.account_id || account.password_hash !== null) {
    throw badRequest('token.invalid');
  }
  const weakness = checkNewPassword(input.password, account.email, deps.config.password.minLength);
  if (weakness) throw badRequest(weakness, { fields: { password: weakness } });
  const passwordHash = await deps.hasher.hash(input.password);

  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, account.id);
    if (!(await consumeToken(trx, token.id, iso(deps.clock.now())))) throw badRequest('token.invalid');
    const written = await applyNewPassword(trx, deps, { account, passwordHash, caller, event: 'password_set' });
    const updated = await recordOwnerConsents(trx, deps, account.id, input);
    // A sign-up from an invitation joins the team now.
    await joinClaimedInvitations(deps, trx, account.id);
    // The password write records the event (password_set): a first password is no sign-in of its own.
    const started = await finishWayIn(trx, deps, written, caller, proofs.password, { event: null });
    return { account: updated, started };
  });
}
