import { screenUrl } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, Session } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { WriteMail } from '../../mail/mail-transaction.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { findAccountByEmail, lockAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { clearFailures, countAccountFailure } from '../auth/account-run.ts';
import { hasAuthenticator } from '../auth/factors.ts';
import { amrColumn, amrOf, withSecondFactor } from '../auth/proof.ts';
import { setSessionAmr } from '../auth/session.repository.ts';
import { getBrand } from '../brands/brand.service.ts';
import { confirmOwner, type OwnerProof, type SignedIn } from '../settings/settings-access.ts';
import { notifyWayIn } from '../ways-in/notice.ts';
import { applyRecovery, waysIn } from '../ways-in/registry.ts';
import { syncEntitlements } from '../webhooks/account-events.ts';
import { beginAuthenticator, confirmAuthenticator, findAuthenticator, useAuthenticatorCode } from './authenticator.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';

// Turning two-factor on and off from the settings (decision 046). Every step that adds, replaces
// or removes a factor asks for the password (or, without one, a mailed code) first: a stolen
// session alone must not take the second factor over.

type MailDeps = Parameters<typeof withMail>[0];

const proveOwner = (
  deps: Deps,
  signedIn: SignedIn,
  change: { wayIn: 'authenticator' | 'recoveryCodes'; action: 'add' | 'change' },
  proof: OwnerProof,
  caller: Caller,
  options: { clear?: boolean } = {},
) => confirmOwner(deps, signedIn, change, proof, 'two_factor_code', caller, options);

const alreadyOn = () => new AppError(409, 'two_factor.already_enabled');
const notOn = () => badRequest('two_factor.not_enabled');

/** A new authenticator secret, its otpauth URI (issuer: the host's brand, label: the address) and QR code; active once confirmed. */
export async function beginEnrolment(deps: Deps, signedIn: SignedIn, proof: OwnerProof, caller: Caller) {
  const { account } = signedIn;
  await proveOwner(deps, signedIn, { wayIn: 'authenticator', action: 'add' }, proof, caller);
  if (await hasAuthenticator(deps.db, account.id)) throw alreadyOn();
  const brand = await getBrand(deps.db, deps.config, caller.host);
  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, account.id);
    return beginAuthenticator(trx, deps, account.id, { issuer: brand.brandName, label: account.email });
  });
}

/**
 * The first code from the app turns two-factor on and hands out the recovery codes, once. The
 * session that confirmed it has just proved the factor, so it counts as proved with two.
 */
export async function confirmEnrolment(deps: Deps, signedIn: { account: Account; session: Session }, code: string, caller: Caller) {
  const { account, session } = signedIn;
  return withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, account.id);
    const factor = await findAuthenticator(trx, account.id);
    if (factor?.confirmed_at) throw alreadyOn();
    if (!factor) throw badRequest('two_factor.not_pending');
    const check = await useAuthenticatorCode(trx, deps, account.id, code, { pending: true });
    if (!check.ok) throw badRequest('two_factor.invalid_code', { fields: { code: 'two_factor.invalid_code' } });
    const now = iso(deps.clock.now());
    if (!(await confirmAuthenticator(trx, account.id, now))) throw alreadyOn();
    const recoveryCodes = await replaceRecoveryCodes(trx, deps, account.id, now);
    await setSessionAmr(trx, session.id, amrColumn(withSecondFactor(amrOf(session))));
    await recordAuthEvent(trx, { accountId: account.id, type: 'two_factor_enabled', ip: caller.ip, at: now });
    await notifyWayIn(deps, mail, account, 'authenticator', 'added');
    // A member who had none gets back what a team's two-factor rule withheld (decision 056).
    await syncEntitlements(trx, deps.clock, [account.id]);
    return { recoveryCodes };
  });
}

/**
 * A new set of recovery codes; every code of the old set stops working. Only from a session
 * proved with two factors (the registry's rule, decision 050): new codes are a lasting second
 * factor, which a session stolen before two-factor was on, with the password, must not be able
 * to take for itself. The owner is mailed.
 */
export async function regenerateRecoveryCodes(deps: Deps, signedIn: SignedIn, proof: OwnerProof, caller: Caller) {
  const { account } = signedIn;
  await proveOwner(deps, signedIn, { wayIn: 'recoveryCodes', action: 'add' }, proof, caller);
  return withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, account.id);
    if (!(await hasAuthenticator(trx, account.id))) throw notOn();
    const now = iso(deps.clock.now());
    const recoveryCodes = await replaceRecoveryCodes(trx, deps, account.id, now);
    await recordAuthEvent(trx, { accountId: account.id, type: 'two_factor_recovery_regenerated', ip: caller.ip, at: now });
    await notifyWayIn(deps, mail, account, 'recoveryCodes', 'added');
    return { recoveryCodes };
  });
}

/** Turns two-factor off: the password (or mailed code) and a current code from the app, which counts in the run like a password. */
export async function disableTwoFactor(
  deps: Deps,
  signedIn: SignedIn,
  input: OwnerProof & { code: string },
  caller: Caller,
): Promise<void> {
  const { account } = signedIn;
  // The password alone ends no run of failures here: the code is still to be judged.
  await proveOwner(deps, signedIn, { wayIn: 'authenticator', action: 'change' }, input, caller, { clear: false });
  const refused = await withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, account.id);
    if (!(await hasAuthenticator(trx, account.id))) throw notOn();
    const check = await useAuthenticatorCode(trx, deps, account.id, input.code);
    if (!check.ok) return check.reason === 'used' ? 'two_factor.code_used' : 'two_factor.invalid_code';
    await waysIn.authenticator.remove(trx, account.id);
    await recordAuthEvent(trx, { accountId: account.id, type: 'two_factor_disabled', ip: caller.ip, at: iso(deps.clock.now()) });
    await notifyWayIn(deps, mail, account, 'authenticator', 'removed');
    await syncEntitlements(trx, deps.clock, [account.id]);
    return undefined;
  });
  if (!refused) return clearFailures(deps, account.email, caller);
  await deps.limits.signinFailed(account.email, caller.ip);
  const tripped = await countAccountFailure(deps, account.email, account, caller);
  const code = tripped ? 'auth.signin_paused' : refused;
  throw badRequest(code, { fields: { code } });
}

/**
 * The operator's way back for an owner who lost the phone and the recovery codes
 * (`npm run admin -- account two-factor-reset`): what the registry ends at this step (the
 * authenticator and its recovery codes) ends, audited, and the owner is mailed in their language.
 */
export async function resetTwoFactor(
  deps: MailDeps,
  email: string,
  host: string,
  recordActor: (trx: DbOrTx, at: string) => Promise<void>,
): Promise<boolean> {
  const account = await findAccountByEmail(deps.db, email);
  if (!account) return false;
  return withMail(deps, host, async (trx, mail) => {
    await lockAccount(trx, account.id);
    if (!(await findAuthenticator(trx, account.id))) return false;
    await applyRecovery(trx, deps.clock, account.id, 'twoFactorReset');
    const at = iso(deps.clock.now());
    await recordAuthEvent(trx, { accountId: account.id, type: 'two_factor_reset', ip: null, at });
    // Who did it goes to the operators' chained record (decision 061), with their reason.
    await recordActor(trx, at);
    await notifyReset(deps, mail, account);
    return true;
  });
}

function notifyReset(deps: Pick<Deps, 'config'>, mail: WriteMail, account: Account) {
  return mail({
    to: account.email,
    kind: 'two_factor_reset',
    language: account.locale,
    params: { email: account.email, link: screenUrl(deps.config.publicUrl, 'settingsSection').replace(':section', 'two-factor') },
  });
}
