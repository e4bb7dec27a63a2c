import { defaultLanguage, type Language, languages } from './languages.ts';
import { settingsSections } from './settings-sections.ts';

/** The parts of the interface texts beside the start part, which every page shows. */
export type ScreenTexts = 'steps' | 'account';

interface Screen {
  /** Its path without the language prefix (seed section 2); `:name` is a parameter. */
  path: string;
  /** Its route module under web/app/routes. */
  module: string;
  /**
   * The part of the interface texts its page shows besides the start part (decisions 026 and
   * 053): the steps after the first screens, or the account screens'.
   */
  texts?: ScreenTexts;
  /** The values of its parameter, each prerendered; a parameter without them is prerendered once as `__name`. */
  values?: readonly string[];
  /** Not prerendered: its screen only sends the visitor on (/settings opens its first section). */
  notPrerendered?: boolean;
}

/**
 * Every screen of the web app, once: the router (web/app/routes.ts), the prerendered pages
 * (web/react-router.config.ts), which texts a page loads, the server's screen patterns and the
 * links in mails all read this table (decision 032).
 */
export const screenTable = {
  index: { path: '/', module: 'home.tsx', texts: 'account' },
  login: { path: '/login', module: 'login.tsx' },
  twoFactorSignin: { path: '/login/two-factor', module: 'two-factor.tsx', texts: 'steps' },
  signup: { path: '/signup', module: 'signup.tsx' },
  signupProcess: { path: '/signup-process', module: 'signup-process.tsx', texts: 'account' },
  activateEmail: { path: '/activate-email', module: 'activate-email.tsx', texts: 'steps' },
  resetPassword: { path: '/reset-password', module: 'reset-password.tsx' },
  reset: { path: '/reset', module: 'reset.tsx', texts: 'steps' },
  redeem: { path: '/redeem/:license', module: 'redeem.tsx', texts: 'account' },
  settings: { path: '/settings', module: 'settings/layout.tsx', texts: 'account', notPrerendered: true },
  settingsSection: { path: '/settings/:section', module: 'settings/:section.tsx', texts: 'account', values: settingsSections },
  emailConfirm: { path: '/email-change', module: 'email-change.tsx', texts: 'account' },
  emailCancel: { path: '/email-change/cancel', module: 'email-change-cancel.tsx', texts: 'account' },
  signOut: { path: '/sign-out', module: 'sign-out.tsx', texts: 'steps' },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof screenTable;

/** Each screen's path without the language prefix, by name. */
export const screens = Object.fromEntries(Object.entries(screenTable).map(([name, screen]) => [name, screen.path])) as {
  [Name in ScreenName]: (typeof screenTable)[Name]['path'];
};

const patternOf = (path: string) => path.replace(/:\w+/g, '[^/]+').replace(/\/$/, '');
const textsPatterns = (['steps', 'account'] as const).map((texts) => ({
  texts,
  regex: new RegExp(
    `^(${Object.values(screenTable as Record<ScreenName, Screen>)
      .filter((screen) => screen.texts === texts)
      .map((screen) => patternOf(screen.path))
      .join('|')})/?$`,
  ),
}));

/** The part of the interface texts a path without the language prefix shows besides the start part (decisions 026, 053). */
export function screenTextsOf(barePath: string): ScreenTexts | undefined {
  return textsPatterns.find(({ regex }) => regex.test(barePath))?.texts;
}

/**
 * Each screen as a pattern of the paths that show it, with or without one of our language
 * prefixes: /de/login is a page, /xx/login is not.
 */
export const screenPatterns: ReadonlyArray<{ name: ScreenName; regex: RegExp }> = Object.entries(screenTable).map(([name, screen]) => ({
  name: name as ScreenName,
  regex: new RegExp(`^(/(${languages.join('|')}))?${patternOf(screen.path)}/?$`),
}));

/** "/login" in German is "/de/login"; the default language has no prefix. */
export function localizedPath(path: string, language: Language): string {
  if (language === defaultLanguage) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/**
 * The path a screen's page is prerendered at: each parameter as `__name` (its first render
 * does not show it, so that page serves every value).
 */
export const templatePath = (path: string) => path.replace(/:(\w+)/g, '__$1');

/** Every page the build prerenders, in every language, the 404 page (/__not-found) included. */
export function prerenderedPaths(): string[] {
  const bare = (Object.values(screenTable) as Screen[]).flatMap((screen) => {
    if (screen.notPrerendered) return [];
    if (screen.values) return screen.values.map((value) => screen.path.replace(/:\w+/, value));
    return [templatePath(screen.path)];
  });
  return languages.flatMap((language) => [...bare, '/__not-found'].map((path) => localizedPath(path, language)));
}

/** The address of a screen on this deployment, for links in mails: `/reset?token=…`. */
export function screenUrl(publicUrl: string, name: ScreenName, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return `${publicUrl}${screenTable[name].path}${search}`;
}
