// What the screenshot galleries share: the screens' texts in every language, the names people
// give in each, and where a language's screens live and are saved
// (artifacts/screenshots/gallery/<project>/<language>/<screen>.png), checked with axe first.
import type { Language } from '@gatehouse/contract';
import type { Page, TestInfo } from '@playwright/test';
import de from '../../app/i18n/de.ts';
import en, { type UiMessages } from '../../app/i18n/en.ts';
import es from '../../app/i18n/es.ts';
import fr from '../../app/i18n/fr.ts';
import it from '../../app/i18n/it.ts';
import ja from '../../app/i18n/ja.ts';
import pt from '../../app/i18n/pt.ts';
import ru from '../../app/i18n/ru.ts';
import { capture } from './helpers.ts';
import { appUrl } from './ports.ts';

export const catalogues: Record<Language, UiMessages> = { en, de, fr, es, it, ru, ja, pt };

/** A typical name in each language, as long as people's names there often are. */
export const names: Record<Language, [string, string]> = {
  en: ['Grace', 'Hopper'],
  de: ['Friederike', 'Müller-Lüdenscheidt'],
  fr: ['Marie-Hélène', 'Dubois'],
  es: ['María José', 'García'],
  it: ['Giulia', 'Rossi'],
  ru: ['Екатерина', 'Смирнова'],
  ja: ['花子', '山田'],
  pt: ['João', 'Gonçalves'],
};

/**
 * A language's gallery: its paths (/de/login), and a screenshot after axe, which runs in the
 * languages `checkedWithAxe` names for the project (every screen's markup is the same in every
 * language but for its words).
 */
export function gallery(page: Page, testInfo: TestInfo, language: Language, checkedWithAxe: Record<string, Set<Language>>) {
  const prefix = language === 'en' ? '' : `/${language}`;
  const folder = `gallery/${testInfo.project.name}/${language}`;
  return {
    path: (path: string) => (path === '/' ? prefix || '/' : `${prefix}${path}`),
    /** Opens a page in the language: with its cookie too, or an unprefixed (English) path keeps the last language chosen. */
    visit: async (path: string) => {
      await page.context().addCookies([{ name: 'i18n_lang', value: language, url: appUrl }]);
      await page.goto(path === '/' ? prefix || '/' : `${prefix}${path}`);
    },
    shot: (name: string, { stopped = false } = {}) =>
      capture(page, testInfo, name, folder, { axe: checkedWithAxe[testInfo.project.name]?.has(language) ?? true, stopped }),
  };
}
