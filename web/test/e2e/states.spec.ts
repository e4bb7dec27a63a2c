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
 * a layout, and where English left on a page shows as on any other. The desktop checks German
 * alone, the longest texts on a wide screen: English there is what every journey walks through
 * (each passes its states), Russian's widths are German's, and Japanese, the shortest, fits
 * wherever the phone's narrow column fits it.
 */
const languagesOf = (project: 'phone' | 'desktop'): readonly Language[] =>
  galleryRun || project === 'phone' ? checked : checked.filter((language) => language === 'de');

const checked = stateLanguages(galleryRun);

Object.entries(states as Record<string, State>).forEach(([name, state], index) => {
  for (const language of checked) {
    test.describe(() => {
      // Decided from the project's own option, before a page is made for a test that will not run.
      test.skip(
        ({ isMobile }) => state.only !== undefined && state.only !== (isMobile ? 'phone' : 'desktop'),
        `a state of the ${state.only} alone`,
      );
      test.skip(({ isMobile }) => !languagesOf(isMobile ? 'phone' : 'desktop').includes(language), 'not a language this project checks');
      test(`${name} in ${language}`, async ({ page, context }, testInfo) => {
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
        const own = languagesOf(testInfo.project.name === 'phone' ? 'phone' : 'desktop');
        if (language === own[index % own.length]) expect(await axeViolations(page, { stopped: state.stopped }), 'axe').toEqual([]);
        if (galleryRun) {
          await page.screenshot({
            path: `../artifacts/screenshots/gallery/${testInfo.project.name}/${language}/${name}.png`,
            fullPage: true,
          });
        }
      });
    });
  }
});
