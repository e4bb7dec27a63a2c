import { type AccountOverview, type SettingsSection, settingsSections } from '@gatehouse/contract/browser';
import { useOutletContext } from 'react-router';
import { mode } from '../../lib/mode.ts';
import type { SessionData } from '../../lib/use-session.ts';

/** What the settings layout hands every section: the signed-in account, fresh from the server. */
export interface SettingsContext {
  session: SessionData;
  overview: AccountOverview;
  /** Reads the account again after a change. */
  refresh(): Promise<void>;
  /** After the account was deleted: the layout shows the goodbye instead of the sections. */
  deleted(email: string): void;
}

export function useSettings(): SettingsContext {
  return useOutletContext<SettingsContext>();
}

/**
 * The sections this place offers: the connected apps only where the account can have any
 * (decision 044), passkeys only where they can be used (decision 048).
 */
export function offeredSections(): readonly SettingsSection[] {
  const { openIdApps, passkeys } = mode();
  return settingsSections.filter((section) => (section !== 'apps' || openIdApps) && (section !== 'passkeys' || passkeys));
}
