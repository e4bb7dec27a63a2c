import { type Language, screens } from '@gatehouse/contract/browser';
import { localizedPath } from '../../lib/i18n.tsx';

/** The code screen of a sign-in that owes its second factor, keeping where the sign-in was going. */
export function twoFactorPath(language: Language, redirectTo?: string): string {
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : '';
  return `${localizedPath(screens.twoFactorSignin, language)}${query}`;
}
