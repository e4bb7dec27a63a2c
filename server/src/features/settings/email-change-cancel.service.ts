import { screenUrl, type WayInKind } from '@gatehouse/contract';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { emailKey, findAccountByEmail, findAccountById, lockAccount, updateCredential } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { endSessions } from '../auth/end-sessions.ts';
import { revokeByPolicy } from '../tokens/revoke-policies.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { findToken, issueToken } from '../tokens/token.service.ts';
import { applyRecovery } from '../ways-in/registry.ts';
import { announceAccountUpdated } from '../webhooks/account-events.ts';

/**
 * "This was not me", from the old address's notice. Whoever asked for the change was signed in
 * and knew the password, so every way back in they may hold ends in one transaction (decision
 * 029): the pending change stops, an applied one is undone (the account returns to the address
 * the notice went to, unless another account holds it by now), every session ends, every link
 * and code ends, and what the registry of ways in ends at this step goes (decision 050): the
 * password, and every identity, panel link, passkey, authenticator and set of recovery codes
 * added since the request. A reset link goes to the address the notice went to: the one way in
 * left. Answers the kinds removed, which the screen and the mail name.
 */
export async function cancelEmailChange(deps: Deps, rawToken: string, caller: Caller): Promise<WayInKind[]> {
  const token = await findToken(deps.db, deps.clock, rawToken, 'email_change_cancel');
  if (!token) throw badRequest('token.invalid');
  return withMail(deps, caller.host, async (trx, mail) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, token.account_id);
    if (!(await consumeToken(trx, token.id, now))) throw badRequest('token.invalid');
    const account = await findAccountById(trx, token.account_id);
    if (!account) throw badRequest('token.invalid');
    const previous = token.new_email ?? account.email;
    const restore = emailKey(previous) !== account.email_key && !(await findAccountByEmail(trx, previous));
    await updateCredential(trx, account.id, {
      ...(restore ? { email: previous, email_key: emailKey(previous), email_verified_at: now } : {}),
      updated_at: now,
    });
    if (restore) await announceAccountUpdated(trx, deps.clock, account.id);
    await revokeByPolicy(trx, account.id, 'notMe', now);
    await endSessions(trx, deps, account.id, { all: true });
    const removed = await applyRecovery(trx, deps.clock, account.id, 'notMe', token.created_at);
    if (!account.disabled_at) {
      const reset = await issueToken(trx, deps.clock, account.id, 'password_reset');
      await mail({
        to: previous,
        kind: 'account_recovered',
        language: account.locale,
        params: { link: screenUrl(deps.config.publicUrl, 'reset', { token: reset }), email: previous, removed },
      });
    }
    await recordAuthEvent(trx, { accountId: account.id, type: 'email_change_cancelled', ip: caller.ip, at: now });
    return removed;
  });
}
