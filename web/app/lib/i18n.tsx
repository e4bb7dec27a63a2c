import {
  defaultLanguage,
  type ErrorCode,
  type ErrorMessages,
  formatMessage,
  isLanguage,
  type Language,
  localizedPath,
  passwordDefaults,
  screenTextsOf,
} from '@gatehouse/contract/browser';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { UiMessages } from '../i18n/en.ts';
import type { AccountTexts } from '../i18n/parts/en-account.ts';
import enStart, { type StartTexts } from '../i18n/parts/en-start.ts';
import type { StepsTexts } from '../i18n/parts/en-steps.ts';
import { runtimeConfig } from './runtime-config.ts';

export const localeCookie = 'i18n_lang';

/**
 * The interface texts come in three parts (decisions 026 and 053): `start`, the texts of the
 * screens people arrive on (sign in, sign up, password reset request, not found), of every
 * layout and of the code and new-password fields; `steps`, those of the steps after them (the
 * second factor, the e-mail verification, a reset's new password, an app's sign-out); and
 * `account`, those of the account screens (sign-up steps, account page, settings, licenses,
 * teams, e-mail change). A page loads its language's start part before it hydrates, and the
 * part its screen names in the contract's screen table, before hydrating or before a navigation
 * renders it (root clientLoader). The API's error messages load apart, when first needed: before
 * a form's submit handler runs, before a failed call returns, or at idle (lib/platform.ts).
 */
export type TextPart = 'start' | 'steps' | 'account';
type PartModule = Promise<{ default: StartTexts | StepsTexts | AccountTexts }>;

interface Catalogue {
  ui: Partial<UiMessages>;
  parts: Set<TextPart>;
  errors?: ErrorMessages;
}

// English's start part ships with every page (it is the fallback); everything else loads on demand.
const registry: Partial<Record<Language, Catalogue>> = { en: { ui: { ...enStart }, parts: new Set(['start']) } };
const catalogueOf = (language: Language): Catalogue => {
  const catalogue = registry[language] ?? { ui: {}, parts: new Set() };
  registry[language] = catalogue;
  return catalogue;
};
const partLoaders: Record<TextPart, Partial<Record<Language, () => PartModule>>> = {
  start: {
    de: () => import('../i18n/parts/de-start.ts'),
    fr: () => import('../i18n/parts/fr-start.ts'),
    es: () => import('../i18n/parts/es-start.ts'),
    it: () => import('../i18n/parts/it-start.ts'),
    ru: () => import('../i18n/parts/ru-start.ts'),
    ja: () => import('../i18n/parts/ja-start.ts'),
    pt: () => import('../i18n/parts/pt-start.ts'),
  },
  steps: {
    en: () => import('../i18n/parts/en-steps.ts'),
    de: () => import('../i18n/parts/de-steps.ts'),
    fr: () => import('../i18n/parts/fr-steps.ts'),
    es: () => import('../i18n/parts/es-steps.ts'),
    it: () => import('../i18n/parts/it-steps.ts'),
    ru: () => import('../i18n/parts/ru-steps.ts'),
    ja: () => import('../i18n/parts/ja-steps.ts'),
    pt: () => import('../i18n/parts/pt-steps.ts'),
  },
  account: {
    en: () => import('../i18n/parts/en-account.ts'),
    de: () => import('../i18n/parts/de-account.ts'),
    fr: () => import('../i18n/parts/fr-account.ts'),
    es: () => import('../i18n/parts/es-account.ts'),
    it: () => import('../i18n/parts/it-account.ts'),
    ru: () => import('../i18n/parts/ru-account.ts'),
    ja: () => import('../i18n/parts/ja-account.ts'),
    pt: () => import('../i18n/parts/pt-account.ts'),
  },
};
const errorLoaders: Record<Language, () => Promise<{ default: ErrorMessages }>> = {
  en: () => import('@gatehouse/contract/messages/en'),
  de: () => import('@gatehouse/contract/messages/de'),
  fr: () => import('@gatehouse/contract/messages/fr'),
  es: () => import('@gatehouse/contract/messages/es'),
  it: () => import('@gatehouse/contract/messages/it'),
  ru: () => import('@gatehouse/contract/messages/ru'),
  ja: () => import('@gatehouse/contract/messages/ja'),
  pt: () => import('@gatehouse/contract/messages/pt'),
};

/** Whether a language's texts (its start part and the given parts) are loaded. */
export function hasTexts(language: Language, parts: readonly TextPart[] = []): boolean {
  const catalogue = registry[language];
  return !!catalogue?.parts.has('start') && parts.every((part) => catalogue.parts.has(part));
}

const errorLoads = new Map<Language, Promise<void>>();
const errorListeners = new Set<() => void>();

/** Loads a language's API error messages once; the translators re-render when they arrive. */
export function loadErrorMessages(language: Language): Promise<void> {
  let load = errorLoads.get(language);
  if (!load) {
    load = errorLoaders[language]().then(
      (errors) => {
        catalogueOf(language).errors = errors.default;
        for (const listener of errorListeners) listener();
      },
      (error: unknown) => {
        errorLoads.delete(language);
        throw error;
      },
    );
    errorLoads.set(language, load);
  }
  return load;
}

/** The value as an error code, when the language's loaded messages know it (else undefined). */
export function knownErrorCode(language: Language, value: unknown): ErrorCode | undefined {
  const errors = registry[language]?.errors;
  return errors && typeof value === 'string' && Object.hasOwn(errors, value) ? (value as ErrorCode) : undefined;
}

/** Makes a language's texts available synchronously; call before rendering in it. */
export async function loadCatalogue(language: Language, parts: readonly TextPart[] = []): Promise<void> {
  if (hasTexts(language, parts)) return;
  // Filled in place: a translator made earlier sees the parts loaded later.
  const catalogue = catalogueOf(language);
  const loads = (['start', ...parts] as const)
    .filter((part) => !catalogue.parts.has(part))
    .map(async (part) => {
      const load = partLoaders[part][language];
      if (load) Object.assign(catalogue.ui, (await load()).default);
      catalogue.parts.add(part);
    });
  await Promise.all(loads);
}

/** The text parts a page shows besides the start part, as its screen names them (the contract's screen table). */
export function textPartsOfPath(pathname: string): TextPart[] {
  const part = screenTextsOf(barePath(appPath(pathname)));
  return part ? [part] : [];
}

/** Loads what a page's texts need (its language, and its parts), before it renders. */
export function loadPageTexts(pathname: string): Promise<void> {
  return loadCatalogue(languageOfPath(pathname), textPartsOfPath(pathname));
}

/** Whether a page's texts are loaded. */
export function hasPageTexts(pathname: string): boolean {
  return hasTexts(languageOfPath(pathname), textPartsOfPath(pathname));
}

/** A browser path of the panel build starts with the panel's path ("/templates/monitoring/spa/de/login"). */
function appPath(pathname: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  return base && pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}

/** "/de/login" → "/login", "/de" → "/". */
function barePath(path: string): string {
  const first = path.split('/')[1];
  return isLanguage(first) ? path.slice(first.length + 1) || '/' : path;
}

/** The language of a path's optional prefix ("/de/login" → de), or the default. */
export function languageOfPath(pathname: string): Language {
  const first = appPath(pathname).split('/')[1];
  return isLanguage(first) ? first : defaultLanguage;
}

export { localizedPath };

/** The same page in another language. */
export function switchLanguagePath(pathname: string, language: Language): string {
  return localizedPath(barePath(pathname), language);
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
  /** The message of an API error code; empty until the messages are loaded (the translator then re-renders). */
  te(code: ErrorCode, params?: Params): string;
  /** The value as an error code (a code handed in a link), once the messages are loaded. */
  errorCode(value: unknown): ErrorCode | undefined;
}

function lookup(messages: Partial<UiMessages> | undefined, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** The deployment's password minimum ({min} in the rule's texts). */
const ruleParams = () => ({ min: runtimeConfig().passwordMinLength ?? passwordDefaults.minLength });

export function createTranslator(language: Language): Translator {
  const catalogue = registry[language];
  const fallback = registry.en as Catalogue;
  return {
    language,
    t: (key, params) =>
      formatMessage(lookup(catalogue?.ui, key) ?? lookup(fallback.ui, key) ?? key, { ...ruleParams(), ...params }, language),
    te: (code, params) => {
      const message = registry[language]?.errors?.[code];
      if (message !== undefined) return formatMessage(message, { ...ruleParams(), ...params }, language);
      loadErrorMessages(language).catch(() => {});
      return '';
    },
    errorCode: (value) => {
      if (!registry[language]?.errors) loadErrorMessages(language).catch(() => {});
      return knownErrorCode(language, value);
    },
  };
}

const I18nContext = createContext<Translator>(createTranslator(defaultLanguage));

export function I18nProvider({ language, children }: { language: Language; children: React.ReactNode }) {
  const loaded = hasTexts(language);
  const [, setLoadedCount] = useState(0);
  // Navigations load the next language first (root clientLoader); this covers any other way in.
  useEffect(() => {
    if (!loaded) void loadCatalogue(language).then(() => setLoadedCount((n) => n + 1));
  }, [language, loaded]);
  // The error messages arrive later than the texts: a new translator re-renders what shows them.
  const [errorsLoaded, setErrorsLoaded] = useState(0);
  useEffect(() => {
    const listener = () => setErrorsLoaded((n) => n + 1);
    errorListeners.add(listener);
    return () => void errorListeners.delete(listener);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorsLoaded only renews the translator
  const translator = useMemo(() => createTranslator(loaded ? language : defaultLanguage), [language, loaded, errorsLoaded]);
  return <I18nContext value={translator}>{children}</I18nContext>;
}

export function useI18n(): Translator {
  return useContext(I18nContext);
}
