import type { DbOrTx } from '../../db/database.ts';
import { newId } from '../../lib/crypto.ts';

export type AuthEventType =
  | 'signup_requested'
  | 'email_verified'
  | 'password_set'
  | 'signin_succeeded'
  | 'signin_failed'
  | 'signout'
  | 'reset_requested'
  | 'password_reset'
  | 'verification_resent'
  | 'license_activated'
  | 'profile_updated'
  | 'sso_signin'
  | 'sso_signup'
  | 'sso_linked'
  | 'sso_unlinked'
  | 'sso_refused'
  | 'password_changed'
  | 'email_change_requested'
  | 'email_change_resent'
  | 'email_change_withdrawn'
  | 'email_changed'
  | 'email_change_cancelled'
  | 'sessions_ended'
  | 'session_ended'
  | 'account_deleted'
  | 'team_invitation_sent'
  | 'team_invitation_revoked'
  | 'team_joined'
  | 'team_member_removed'
  | 'team_left'
  | 'team_role_changed'
  | 'team_renamed'
  | 'app_signed_out'
  | 'team_two_factor_changed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_reset'
  | 'two_factor_recovery_regenerated'
  | 'two_factor_recovery_used'
  | 'two_factor_asked'
  | 'two_factor_failed'
  | 'passkey_added'
  | 'passkey_renamed'
  | 'passkey_removed'
  | 'passkey_signin'
  | 'passkey_signup'
  | 'passkey_refused';

/** The audit log of authentication events; never holds secrets, only what happened to whom. */
export async function recordAuthEvent(
  db: DbOrTx,
  event: { accountId: string | null; type: AuthEventType; ip: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('auth_events')
    .values({ id: newId(), account_id: event.accountId, type: event.type, ip: event.ip, created_at: event.at })
    .execute();
}
