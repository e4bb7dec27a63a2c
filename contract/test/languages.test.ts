import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageOr, negotiateLanguage } from '../src/index.ts';

describe('a language read from outside', () => {
  it('keeps a supported value and gives the fallback for anything else', () => {
    assert.equal(languageOr('de', 'fr'), 'de');
    assert.equal(languageOr('xx', 'fr'), 'fr');
    assert.equal(languageOr(undefined, 'ja'), 'ja');
    assert.equal(languageOr(null), 'en');
    assert.equal(languageOr('DE'), 'en');
    assert.equal(languageOr('pt', negotiateLanguage('ru, en;q=0.5')), 'pt');
  });
});
