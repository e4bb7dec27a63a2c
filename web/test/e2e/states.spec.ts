// The state level (decision 054): every named state, one page load each, checked for fit, for
// English left on a translated page, and with axe once per state and viewport. The gallery run
// (npm run gallery) also saves each state's screenshot, in every language, under
// artifacts/screenshots/gallery/<project>/<language>/<state>.png.
import type { Language } from '@gatehouse/contract';
import { states } from '../states/index.ts';
import { catalogues } from '../support/gallery.ts';
import { axeViolations, galleryRun } from '../support/helpers.ts';
import { appUrl } from '../support/ports.ts';
import {
  accountFixture,
  fitProblems,
  fixtureNames,
  leakProblems,
  pathIn,
  type State,
  type StateContext,
  stateLanguages,
} from '../support/states.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'parallel' });

/**
 * The phone checks every language of the run, its narrow screen being where a long text breaks
 * a layout. The desktop checks German and Japanese: English there is what every journey
 * walks through (each passes its states), and Russian's widths are German's on a wide screen.
 */
const languagesOf = (project: string): readonly Language[] =>
  galleryRun || project === 'phone' ? checked : checked.filter((language) => language === 'de' || language === 'ja');

const checked = stateLanguages(galleryRun);

Object.entries(states as Record<string, State>).forEach(([name, state], index) => {
  for (const language of checked) {
    test(`${name} in ${language}`, async ({ page, context }, testInfo) => {
      test.skip(state.only !== undefined && state.only !== testInfo.project.name, `a state of the ${state.only} alone`);
      test.skip(!languagesOf(testInfo.project.name).includes(language), 'not a language this project checks');
      const c: StateContext = { page, context, language, t: catalogues[language as Language], path: pathIn(language) };
      await context.addCookies([{ name: 'i18n_lang', value: language, url: appUrl }]);
      if (state.account) {
        const email = `${name}.${language}.${testInfo.project.name}.${Date.now().toString(36)}@example.com`;
        c.made = await accountFixture(context, email, { language, names: fixtureNames[language], ...state.account });
      }
      await state.before?.(c);
      await page.goto(c.path(typeof state.path === 'string' ? state.path : await state.path(c)));
      await state.act?.(c);
      await state.shows(c);
      await page.evaluate(() => document.fonts.ready);
      expect(await fitProblems(page), 'text that does not fit').toEqual([]);
      expect(await leakProblems(page, language), 'English on a translated page').toEqual([]);
      // axe reads markup, the same in every language but for its words: once per state and
      // viewport, in a language that changes from state to state, so every language's pages meet it.
      const own = languagesOf(testInfo.project.name);
      if (language === own[index % own.length]) expect(await axeViolations(page, { stopped: state.stopped }), 'axe').toEqual([]);
      if (galleryRun) {
        await page.screenshot({
          path: `../artifacts/screenshots/gallery/${testInfo.project.name}/${language}/${name}.png`,
          fullPage: true,
        });
      }
    });
  }
});
