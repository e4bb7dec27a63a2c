import { isLanguage, type Language, languageOr, localizedPath } from '@gatehouse/contract';

/** The language of the login screen an app's request lands on: `ui_locales` first, then the person's cookie. */
export function loginLanguage(uiLocales: unknown, cookie: string | undefined): Language {
  const asked = typeof uiLocales === 'string' ? uiLocales.split(' ').map((tag) => tag.split('-')[0]?.toLowerCase()) : [];
  return asked.find(isLanguage) ?? languageOr(cookie);
}

export const loginPath = (language: Language) => localizedPath('/login', language);
