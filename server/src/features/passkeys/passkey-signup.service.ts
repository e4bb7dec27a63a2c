import type { PasskeyRegistration } from '@gatehouse/contract';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { findAccountByEmail, lockAccount, updateAccount } from '../accounts/account.repository.ts';
import { recordOwnerConsents } from '../accounts/owner-consents.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { finishWayIn } from '../auth/session.service.ts';
import { joinClaimedInvitations } from '../teams/invitation.service.ts';
import { revokeByPolicy } from '../tokens/revoke-policies.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { findToken } from '../tokens/token.service.ts';
import { announceAccountCreated } from '../webhooks/account-events.ts';
import { creationOptions, passkeyProof, storePasskey, verifyCreation } from './passkey.service.ts';
import type { PasskeySite } from './passkey-ceremony.ts';

/** The pending account a verified address's set-password token is for, as set-password checks it. */
async function pendingAccount(deps: Deps, input: { email: string; token: string }) {
  const token = await findToken(deps.db, deps.clock, input.token, 'set_password');
  const account = token && (await findAccountByEmail(deps.db, input.email));
  if (!token || !account || account.id !== token.account_id || account.password_hash !== null || account.disabled_at) {
    throw badRequest('token.invalid');
  }
  return { token, account };
}

/** The sign-up's password step, with a passkey instead: its options, for the address the link verified. */
export async function signupOptions(deps: Deps, input: { email: string; token: string }, site: PasskeySite, caller: Caller) {
  await deps.limits.lookup(caller.ip);
  const { account } = await pendingAccount(deps, input);
  return creationOptions(deps, account, site, 'signup');
}

/**
 * Finishes a sign-up with a passkey instead of a password (decision 048): the account has no
 * password ("Forgot password?" sets one later), the token and every other link of the sign-up
 * end as when a password is set, the owner's consents are recorded, an invitation's team is
 * joined, and the person is signed in with what the passkey proved.
 */
export async function signUpWithPasskey(
  deps: Deps,
  input: { email: string; token: string; response: PasskeyRegistration; consent?: boolean; analyticsConsent?: boolean },
  site: PasskeySite,
  caller: Caller,
) {
  const { token, account } = await pendingAccount(deps, input);
  const registered = await verifyCreation(deps, input.response, site, 'signup', account.id, caller);
  return deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, account.id);
    if (!(await consumeToken(trx, token.id, now))) throw badRequest('token.invalid');
    await storePasskey(trx, deps, { accountId: account.id, registered, site, caller });
    if (!account.email_verified_at) await updateAccount(trx, account.id, { email_verified_at: now, updated_at: now });
    await announceAccountCreated(trx, deps.clock, account.id, 'passkey');
    await revokeByPolicy(trx, account.id, 'newPassword', now);
    const updated = await recordOwnerConsents(trx, deps, account.id, input);
    await joinClaimedInvitations(deps, trx, account.id);
    await recordAuthEvent(trx, { accountId: account.id, type: 'passkey_signup', ip: caller.ip, at: now });
    const started = await finishWayIn(trx, deps, account, caller, passkeyProof(registered.userVerified), { event: null });
    return { account: updated, started };
  });
}
