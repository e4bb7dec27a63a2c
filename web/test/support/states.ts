// The state level of the browser suite (decision 054): each screen state is a named fixture,
// reached with one page load (and at most one small act, such as sending an empty form), then
// checked for fit, for English left on a translated page, and once per viewport with axe. The
// gallery run (npm run gallery) saves each as a screenshot in every language; the test run
// checks en, de, ru and ja. Journeys name the states they pass (`passes`), and a unit test fails
// when a state is one no journey reaches.
import { errorCatalogues, errorMessages, type Language, languages } from '@gatehouse/contract';
import type { BrowserContext, Page } from '@playwright/test';
import type { AccountFixture, MadeFixture } from '../../../server/test/support/fixtures.ts';
import type { UiMessages } from '../../app/i18n/en.ts';
import { leaves, literal, sameAsEnglish } from './catalogue-checks.ts';
import { catalogues, names } from './gallery.ts';
import { controlUrl } from './ports.ts';

export interface StateContext {
  page: Page;
  context: BrowserContext;
  language: Language;
  t: UiMessages;
  /** The path in the language: /de/login. */
  path: (path: string) => string;
  /** The state's account, when it has one. */
  made?: MadeFixture;
}

export interface State {
  /** A complete account in the page's language, signed in unless it says otherwise. */
  account?: AccountFixture;
  /** Before the page opens: canned answers, the page's clock, a virtual authenticator. */
  before?: (c: StateContext) => Promise<void>;
  /** The page to open, without the language's prefix. */
  path: string | ((c: StateContext) => string | Promise<string>);
  /** The one small act that shows the state, on the opened page. */
  act?: (c: StateContext) => Promise<void>;
  /** What the state shows: assertions only, so a journey passing it checks the same. */
  shows: (c: StateContext) => Promise<void>;
  /** The page's clock stands still in this state (a countdown): axe checks a copy. */
  stopped?: boolean;
  /** Only on this project (a state a phone or a desktop alone has). */
  only?: 'desktop' | 'phone';
}

/** The languages of the test run's states: the longest texts (de, ru) and another script (ja). */
export const checkedLanguages: readonly Language[] = ['en', 'de', 'ru', 'ja'];

export const pathIn = (language: Language) => (path: string) => {
  const prefix = language === 'en' ? '' : `/${language}`;
  return path === '/' ? prefix || '/' : `${prefix}${path}`;
};

/** An account made by the e2e server's control port, with its session cookie in the context. */
export async function accountFixture(context: BrowserContext, email: string, options: AccountFixture): Promise<MadeFixture> {
  const response = await fetch(`${controlUrl}/fixtures/account`, { method: 'POST', body: JSON.stringify({ email, ...options }) });
  const made = (await response.json()) as MadeFixture & { error?: string };
  if (!response.ok) throw new Error(`fixture for ${email}: ${made.error}`);
  if (made.cookie)
    await context.addCookies([{ ...made.cookie, domain: 'localhost', path: '/', secure: true, httpOnly: true, sameSite: 'Lax' }]);
  return made;
}

export const fixtureNames = names;

/**
 * Text wider than its box, text cut off by its box, and a page that scrolls sideways: what a
 * longer language does to a layout made for English.
 */
export function fitProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} px`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text) continue;
      let box = node.parentElement;
      while (box && getComputedStyle(box).display === 'inline') box = box.parentElement;
      if (!box || seen.has(box)) continue;
      seen.add(box);
      const rect = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      // Not shown, or shown to screen readers alone (a 1 px clipped box).
      if (rect.width <= 2 || rect.height <= 2 || style.visibility === 'hidden' || box.closest('[hidden],[aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const extent = range.getBoundingClientRect();
      if (extent.width === 0) continue;
      const left = rect.left + Number.parseFloat(style.borderLeftWidth);
      const right = rect.right - Number.parseFloat(style.borderRightWidth);
      const name = `<${box.tagName.toLowerCase()}${box.className ? ` class="${box.className}"` : ''}>`;
      if (extent.right > right + 1 || extent.left < left - 1) problems.push(`"${text}" is wider than its box ${name}`);
      else if (box.scrollWidth > box.clientWidth + 1 && ['hidden', 'clip'].includes(style.overflowX))
        problems.push(`"${text}" is cut off in ${name}`);
      else if (style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + 1)
        problems.push(`"${text}" ends in an ellipsis in ${name}`);
    }
    return problems;
  });
}

/** English texts of the interface and the errors, as a page would show them (without placeholders), that a language has translated. */
function englishOf(language: Language): string[] {
  const found = new Set<string>();
  const add = (key: string, english: string, translated: string | undefined) => {
    if (translated === english || literal.test(english) || sameAsEnglish.has(`${key}@${language}`) || english.includes(', plural,')) return;
    for (const piece of english.split(/\{[^{}]*\}/)) {
      const words = piece.trim();
      // Two words at least: one word can be a name, or the same in both languages.
      if (words.split(/\s+/).length >= 2 && words.length >= 8) found.add(words);
    }
  };
  const translated = new Map(leaves(catalogues[language]));
  for (const [key, english] of leaves(catalogues.en)) add(key, english, translated.get(key));
  const errors = new Map(leaves(errorCatalogues[language]));
  for (const [key, english] of leaves(errorMessages)) add(key, english, errors.get(key));
  return [...found];
}

/** English left on a page in another language: in its text, or in what it says to a screen reader. */
export async function leakProblems(page: Page, language: Language): Promise<string[]> {
  if (language === 'en') return [];
  const english = englishOf(language);
  return page.evaluate((english) => {
    const attributes = [...document.querySelectorAll('[aria-label],[placeholder],[title],[alt]')].flatMap((element) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    const shown = [document.body.innerText, document.title, ...attributes].join('\n');
    return english.filter((text) => shown.includes(text)).map((text) => `English on the page: "${text}"`);
  }, english);
}

/** Every language a gallery run shows; the test run's few. */
export const stateLanguages = (gallery: boolean): readonly Language[] => (gallery ? languages : checkedLanguages);
