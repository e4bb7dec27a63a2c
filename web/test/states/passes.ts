import type { Language } from '@gatehouse/contract';
import type { BrowserContext, Page } from '@playwright/test';
import type { MadeFixture } from '../../../server/test/support/fixtures.ts';
import { catalogues } from '../support/gallery.ts';
import { pathIn, type State } from '../support/states.ts';
import { type StateName, states } from './index.ts';

/**
 * A journey says it passes a named state, and checks that it shows what the state shows: the
 * state's fixture stands for a screen people really reach (states-reached.test.ts reads these calls).
 */
export async function passes(page: Page, name: StateName, { language = 'en', made }: { language?: Language; made?: MadeFixture } = {}) {
  const state: State = states[name];
  const context: BrowserContext = page.context();
  await state.shows({ page, context, language, t: catalogues[language], path: pathIn(language), ...(made ? { made } : {}) });
}
