import { type ErrorCode, type ErrorMessages, formatMessage, type Language } from '@gatehouse/contract/browser';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import en, { type ConsoleTexts, type TextKey } from './en.ts';

// The web app's machinery (web/app/lib/i18n.tsx), smaller: typed catalogues with English as the
// fallback, formatMessage from the contract for placeholders and plurals, and the contract's
// error catalogue loaded when the app starts. Another language is a catalogue file beside en.ts
// and one line in each table below.
const catalogues: Partial<Record<Language, () => Promise<{ default: Partial<ConsoleTexts> }>>> = {};
const errorCatalogues: Partial<Record<Language, () => Promise<{ default: ErrorMessages }>>> = {
  en: () => import('@gatehouse/contract/messages/en'),
};

export type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

interface I18n {
  language: Language;
  t: Translate;
  errorText: (code: string, params?: Record<string, string | number>) => string;
}

function make(language: Language, texts: Partial<ConsoleTexts>, errors: Partial<ErrorMessages>): I18n {
  const t: Translate = (key, params) => formatMessage(texts[key] ?? en[key], params, language);
  return {
    language,
    t,
    errorText: (code, params) => {
      const template = errors[code as ErrorCode];
      return template ? formatMessage(template, params, language) : t('error.generic');
    },
  };
}

const I18nContext = createContext<I18n>(make('en', en, {}));

export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const [i18n, setI18n] = useState<I18n>(() => make(language, en, {}));
  useEffect(() => {
    let live = true;
    Promise.all([catalogues[language]?.(), (errorCatalogues[language] ?? errorCatalogues.en)?.()]).then(([texts, errors]) => {
      if (live) setI18n(make(language, { ...en, ...texts?.default }, errors?.default ?? {}));
    });
    return () => {
      live = false;
    };
  }, [language]);
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);

/** A date and time as the operator reads it: in their locale, to the minute. */
export function formatTime(value: string | null | undefined, language: Language): string {
  if (!value) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}
