import {
  defaultLanguage,
  type ErrorCode,
  type ErrorMessages,
  errorMessages,
  formatMessage,
  isLanguage,
  type Language,
  passwordDefaults,
} from '@gatehouse/contract';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import en, { type UiMessages } from '../i18n/en.ts';
import { runtimeConfig } from './runtime-config.ts';

export const localeCookie = 'i18n_lang';

interface Catalogue {
  ui: UiMessages;
  errors: ErrorMessages;
}

// English ships with every page (it is the fallback); the others load on demand, one per page.
const registry: Partial<Record<Language, Catalogue>> = { en: { ui: en, errors: errorMessages } };
const loaders: Record<Exclude<Language, 'en'>, () => Promise<[{ default: UiMessages }, { default: ErrorMessages }]>> = {
  de: () => Promise.all([import('../i18n/de.ts'), import('@gatehouse/contract/messages/de')]),
  fr: () => Promise.all([import('../i18n/fr.ts'), import('@gatehouse/contract/messages/fr')]),
  es: () => Promise.all([import('../i18n/es.ts'), import('@gatehouse/contract/messages/es')]),
  it: () => Promise.all([import('../i18n/it.ts'), import('@gatehouse/contract/messages/it')]),
  ru: () => Promise.all([import('../i18n/ru.ts'), import('@gatehouse/contract/messages/ru')]),
  ja: () => Promise.all([import('../i18n/ja.ts'), import('@gatehouse/contract/messages/ja')]),
  pt: () => Promise.all([import('../i18n/pt.ts'), import('@gatehouse/contract/messages/pt')]),
};

/** Makes a language's texts available synchronously; call before rendering in it. */
export async function loadCatalogue(language: Language): Promise<void> {
  if (registry[language] || language === 'en') return;
  const [ui, errors] = await loaders[language]();
  registry[language] = { ui: ui.default, errors: errors.default };
}

/** The language of a path's optional prefix ("/de/login" → de), or the default. */
export function languageOfPath(pathname: string): Language {
  // A browser path of the panel build starts with the panel's path ("/templates/monitoring/spa/de/login").
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const path = base && pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
  const first = path.split('/')[1];
  return isLanguage(first) ? first : defaultLanguage;
}

/** "/login" in German is "/de/login"; English has no prefix. */
export function localizedPath(path: string, language: Language): string {
  if (language === defaultLanguage) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** The same page in another language. */
export function switchLanguagePath(pathname: string, language: Language): string {
  const first = pathname.split('/')[1];
  const bare = isLanguage(first) ? pathname.slice(first.length + 1) || '/' : pathname;
  return localizedPath(bare, language);
}

export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the seed's locale cookie is read by the server before any script runs
  document.cookie = `${localeCookie}=${language}; Max-Age=${365 * 86_400}; Path=/; SameSite=Lax`;
}

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
export type MessageKey = Paths<UiMessages>;
export type Params = Record<string, string | number>;

export interface Translator {
  language: Language;
  t(key: MessageKey, params?: Params): string;
  /** The message of an API error code. */
  te(code: ErrorCode, params?: Params): string;
}

function lookup(messages: UiMessages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** The deployment's password minimum ({min} in the rule's texts). */
const ruleParams = () => ({ min: runtimeConfig().passwordMinLength ?? passwordDefaults.minLength });

export function createTranslator(language: Language): Translator {
  const catalogue = registry[language] ?? registry.en;
  const fallback = registry.en as Catalogue;
  return {
    language,
    t: (key, params) => formatMessage(lookup(catalogue?.ui ?? en, key) ?? lookup(en, key) ?? key, { ...ruleParams(), ...params }, language),
    te: (code, params) => formatMessage(catalogue?.errors[code] ?? fallback.errors[code], { ...ruleParams(), ...params }, language),
  };
}

const I18nContext = createContext<Translator>(createTranslator(defaultLanguage));

export function I18nProvider({ language, children }: { language: Language; children: React.ReactNode }) {
  const loaded = registry[language] !== undefined;
  const [, setLoadedCount] = useState(0);
  // Navigations load the next language first (root clientLoader); this covers any other way in.
  useEffect(() => {
    if (!loaded) void loadCatalogue(language).then(() => setLoadedCount((n) => n + 1));
  }, [language, loaded]);
  const translator = useMemo(() => createTranslator(loaded ? language : defaultLanguage), [language, loaded]);
  return <I18nContext value={translator}>{children}</I18nContext>;
}

export function useI18n(): Translator {
  return useContext(I18nContext);
}
