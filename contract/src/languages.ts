/** Interface languages, in the order the language switcher lists them. */
export const languages = ['en', 'de', 'fr', 'es', 'it', 'ru', 'ja', 'pt'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export const languageNames: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  ru: 'Русский',
  ja: '日本語',
  pt: 'Português',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The one rule for a language read from a request, a cookie, a form or a stored row: a supported
 * value is kept; anything else (missing, retired, tampered) becomes the reader's fallback, the
 * brand's or the server's default where one is known.
 */
export function languageOr(value: unknown, fallback: Language = defaultLanguage): Language {
  return isLanguage(value) ? value : fallback;
}

/** Picks the best supported language from an Accept-Language header or navigator.languages. */
export function negotiateLanguage(preferred: readonly string[] | string | undefined): Language {
  const list =
    typeof preferred === 'string'
      ? preferred
          .split(',')
          .map((part) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.find((p) => p.trim().startsWith('q='));
            return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
          })
          .filter((entry) => entry.tag && entry.q > 0)
          .sort((a, b) => b.q - a.q)
          .map((entry) => entry.tag)
      : (preferred ?? []);
  for (const tag of list) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return defaultLanguage;
}
