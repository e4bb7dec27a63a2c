// The checks of the checks at the catalogue level (decision 054): each fault, put into a copy of
// a real catalogue, must be found; checks.spec.ts does the same for the state level's checks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogueProblems, fitProblems, statesNoJourneyPasses } from '../support/catalogue-checks.ts';
import { catalogues } from '../support/gallery.ts';

const copy = <T>(value: T): T => structuredClone(value);

describe('the catalogue checks', () => {
  it('find an empty text', () => {
    const de = copy(catalogues.de);
    de.login.submit = ' ';
    assert.deepEqual(catalogueProblems('de', de, catalogues.en), ['de: login.submit is empty']);
  });

  it('find a text left in English', () => {
    const de = copy(catalogues.de);
    de.login.heading = catalogues.en.login.heading;
    assert.deepEqual(catalogueProblems('de', de, catalogues.en), ['de: login.heading is still English']);
  });

  it('find a placeholder lost or renamed, a key missing and a key English lacks', () => {
    const de = copy(catalogues.de) as unknown as Record<string, Record<string, string>>;
    const en = catalogues.en as unknown as Record<string, Record<string, string>>;
    const withPlaceholder = Object.entries(en.signedIn ?? {}).find(([, text]) => text.includes('{'));
    assert.ok(withPlaceholder, 'an English text with a placeholder');
    const [key] = withPlaceholder;
    (de.signedIn as Record<string, string>)[key] = 'Angemeldet als {adresse}';
    delete (de.login as Record<string, string>).submit;
    (de.login as Record<string, string>).extra = 'Zusatz';
    assert.deepEqual(catalogueProblems('de', de, catalogues.en).sort(), [
      'de: login.extra is not in English',
      'de: login.submit is missing',
      `de: signedIn.${key} has other placeholders`,
    ]);
  });

  it('find a French button wider than German and Russian need', () => {
    const all = copy(catalogues);
    all.fr.login.submit = `${all.de.login.submit} ${all.de.login.submit} ${all.de.login.submit}`;
    assert.equal(fitProblems(all).length, 1);
    assert.match(fitProblems(all)[0] ?? '', /^fr: login\.submit has \d+ characters/);
  });

  it('find a state no journey passes', () => {
    const journey = "await passes(page, 'login');\nawait passes(linkTab, 'signup');";
    assert.deepEqual(statesNoJourneyPasses(['login', 'signup', 'login-error'], [journey]), ['login-error']);
  });
});
