import type { Language } from '@gatehouse/contract';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { emailKey, findAccountByEmail, findAccountById, lockAccount, updateCredential } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { endSessions } from '../auth/end-sessions.ts';
import { unlinkPanelUsersSince } from '../panels/panel.repository.ts';
import { deleteIdentitiesSince } from '../sso/sso.repository.ts';
import { revokeByPolicy } from '../tokens/revoke-policies.ts';
import { consumeToken } from '../tokens/token.repository.ts';
import { findToken, issueToken } from '../tokens/token.service.ts';

/**
 * "This was not me", from the old address's notice. Whoever asked for the change was signed in
 * and knew the password, so every way back in they may hold ends in one transaction (decision
 * 029): the pending change stops, an applied one is undone (the account returns to the address
 * the notice went to, unless another account holds it by now), every session ends, the password
 * ends, the sign-on identities and panel links added since the request are removed, every link
 * and code ends, and a reset link goes to the address the notice went to: the one way in left.
 */
export async function cancelEmailChange(deps: Deps, rawToken: string, caller: Caller): Promise<void> {
  const token = await findToken(deps.db, deps.clock, rawToken, 'email_change_cancel');
  if (!token) throw badRequest('token.invalid');
  await withMail(deps, caller.host, async (trx, mail) => {
    const now = iso(deps.clock.now());
    await lockAccount(trx, token.account_id);
    if (!(await consumeToken(trx, token.id, now))) throw badRequest('token.invalid');
    const account = await findAccountById(trx, token.account_id);
    if (!account) throw badRequest('token.invalid');
    const previous = token.new_email ?? account.email;
    const restore = emailKey(previous) !== account.email_key && !(await findAccountByEmail(trx, previous));
    await updateCredential(trx, account.id, {
      ...(restore ? { email: previous, email_key: emailKey(previous), email_verified_at: now } : {}),
      password_hash: null,
      password_changed_at: null,
      updated_at: now,
    });
    await revokeByPolicy(trx, account.id, 'notMe', now);
    await endSessions(trx, deps, account.id, { all: true });
    await deleteIdentitiesSince(trx, account.id, token.created_at);
    await unlinkPanelUsersSince(trx, account.id, token.created_at);
    if (!account.disabled_at) {
      const reset = await issueToken(trx, deps.clock, account.id, 'password_reset');
      await mail({
        to: previous,
        kind: 'account_recovered',
        language: account.locale as Language,
        params: { link: `${deps.config.publicUrl}/reset?${new URLSearchParams({ token: reset })}`, email: previous },
      });
    }
    await recordAuthEvent(trx, { accountId: account.id, type: 'email_change_cancelled', ip: caller.ip, at: now });
  });
}
