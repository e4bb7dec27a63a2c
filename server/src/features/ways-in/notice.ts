import { type SettingsSection, screenUrl, type WayInKind } from '@gatehouse/contract';
import type { Account } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { WriteMail } from '../../mail/mail-transaction.ts';
import { waysIn } from './registry.ts';

/** Where the settings show each kind, for the notice's button; identities and panel links are on the account page. */
const shownIn: Record<WayInKind, SettingsSection | undefined> = {
  password: 'password',
  identity: undefined,
  panelLink: undefined,
  passkey: 'passkeys',
  authenticator: 'two-factor',
  recoveryCodes: 'two-factor',
};

/**
 * Mails the owner that a way in came or went, in their language, in the change's transaction
 * (decision 050): the registry names the mail, `detail` what the way in is called (a passkey's
 * name, a provider, a panel's host). Whoever made the change without the owner is found out.
 */
export function notifyWayIn(
  deps: Pick<Deps, 'config'>,
  mail: WriteMail,
  account: Pick<Account, 'email' | 'locale'>,
  kind: WayInKind,
  change: 'added' | 'removed',
  detail?: string,
): Promise<void> {
  const notice = waysIn[kind].notice[change];
  if (!notice) return Promise.resolve();
  const section = shownIn[kind];
  const link = section
    ? screenUrl(deps.config.publicUrl, 'settingsSection').replace(':section', section)
    : screenUrl(deps.config.publicUrl, 'index');
  return mail({
    to: account.email,
    kind: notice,
    language: account.locale,
    params: { email: account.email, link, wayIn: kind, ...(detail ? { detail, provider: detail } : {}) },
  });
}
