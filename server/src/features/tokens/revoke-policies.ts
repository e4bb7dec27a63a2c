import type { DbOrTx } from '../../db/database.ts';
import type { TokenPurpose } from '../../db/schema.ts';
import { revokeTokens } from './token.repository.ts';

/**
 * Which outstanding links and codes each account change ends, by name, so a new purpose is one
 * edit here and no change can forget it. The "this was not me" link of an e-mail change notice
 * (`email_change_cancel`) survives every change but its own use: it is the owner's way back if
 * someone who knew the password moved the account, and must outlive that person changing the
 * password too (decisions 017 and 029).
 */
const everyLinkButTheWayBack = [
  'verify_email',
  'set_password',
  'password_reset',
  'signup_code',
  'reset_code',
  'email_change',
  'email_change_code',
  'deletion_code',
  'sso_link_code',
  'two_factor_code',
  'passkey_code',
] as const;

export const revokePolicies = {
  /** A password written (set, reset, changed): every link and code but the way back. */
  newPassword: everyLinkButTheWayBack,
  /** A newer e-mail change replaces a pending one; the way back stays. */
  newEmailChange: ['email_change', 'email_change_code'],
  /** The address moved: what was mailed to the old one (resets, a pending deletion) must not outlive it. */
  addressChanged: [
    'email_change',
    'email_change_code',
    'password_reset',
    'reset_code',
    'deletion_code',
    'sso_link_code',
    'two_factor_code',
    'passkey_code',
  ],
  /** "This was not me": every link and code, the way back included (decision 029). */
  notMe: [...everyLinkButTheWayBack, 'email_change_cancel'],
} as const satisfies Record<string, readonly TokenPurpose[]>;

export type RevokePolicy = keyof typeof revokePolicies;

/** Ends the account's outstanding links and codes that the policy names. */
export function revokeByPolicy(db: DbOrTx, accountId: string, policy: RevokePolicy, now: string): Promise<void> {
  return revokeTokens(db, accountId, [...revokePolicies[policy]], now);
}
