import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorCatalogues, errorMessages, languages } from '@gatehouse/contract';
import { catalogueProblems, fitProblems } from '../support/catalogue-checks.ts';
import { catalogues } from '../support/gallery.ts';

describe('interface translations', () => {
  for (const language of languages.filter((l) => l !== 'en')) {
    it(`${language} has every key, translated, with the same placeholders`, () => {
      assert.deepEqual(catalogueProblems(language, catalogues[language], catalogues.en), []);
    });
    it(`${language} says every error, translated, with the same placeholders`, () => {
      assert.deepEqual(catalogueProblems(language, errorCatalogues[language], errorMessages), []);
    });
  }

  it('keeps French, Spanish, Italian and Portuguese within the width German and Russian need, where a slot is fixed', () => {
    assert.deepEqual(fitProblems(catalogues), []);
  });
});
