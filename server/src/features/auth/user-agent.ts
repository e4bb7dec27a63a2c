import Bowser from 'bowser';

/**
 * "Firefox 128" and "Windows 11" from a stored user agent, for the sessions list. Bowser (MIT,
 * no dependencies, maintained) keeps up with new browsers so we do not have to; it runs on the
 * server only, so the web bundle does not grow.
 */
export function describeUserAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const system = [os.name, os.versionName ?? os.version].filter(Boolean).join(' ');
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os: system || null,
  };
}
