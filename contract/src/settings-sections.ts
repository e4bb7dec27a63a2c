// The sections of the settings page, apart from the schemas of settings.ts: the browser imports
// them, and a module of zod schemas imported for one constant brings zod along.

/** The sections of the settings page, in the order the navigation lists them. */
export const settingsSections = [
  'profile',
  'consents',
  'password',
  'two-factor',
  'passkeys',
  'email',
  'sessions',
  'apps',
  'delete',
] as const;
export type SettingsSection = (typeof settingsSections)[number];
