import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { states } from '../states/index.ts';
import { statesNoJourneyPasses } from '../support/catalogue-checks.ts';

// A state's fixture is a shortcut to a screen: it must stand for one that people reach. Every
// state is named by a journey's `passes(page, 'name')`, which checks the journey shows the same.
const specs = new URL('../e2e/', import.meta.url);
const sources = readdirSync(specs)
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => readFileSync(new URL(file, specs), 'utf8'));

describe('the states of the screens', () => {
  it('are each reached by a journey', () => {
    assert.deepEqual(statesNoJourneyPasses(Object.keys(states), sources), [], 'add passes(page, name) where a journey shows it');
  });
});
