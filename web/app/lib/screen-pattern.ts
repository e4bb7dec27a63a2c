import { screens } from '@gatehouse/contract/browser';

const patterns = Object.values(screens)
  .filter((screen) => screen.includes(':'))
  .map((screen) => ({ screen, regex: new RegExp(`^${screen.replace(/:\w+/g, '[^/]+')}/?$`) }));

/**
 * The screen a path shows, as analytics may record it: without the language prefix, and with
 * route parameters as their names (`/redeem/:license`), so a license key never leaves the page.
 */
export function screenPattern(pathname: string): string {
  const path = pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '') || '/';
  return patterns.find((pattern) => pattern.regex.test(path))?.screen ?? path;
}
