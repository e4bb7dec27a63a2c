import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languages, placeholdersOf } from '@gatehouse/contract';
import en, { type UiMessages } from '../../app/i18n/en.ts';

// Words that are the same in a language as in English, checked by a native speaker's eye.
const sameAsEnglish = new Set([
  'common.optional@de',
  'account.status@de',
  'licenseStatus.active@fr',
  'account.plan@es',
  'common.email@it',
  'common.password@it',
  'settings.sections.password@it',
  'team.roles.admin@de',
  // German says Passkeys, as Apple's and Google's German screens do.
  'settings.sections.passkeys@de',
  'settings.passkeys.name@de',
]);
// Names kept as they are in every language.
const literal = /^(Gmail|Outlook|Pro|Business|Enterprise|Flexible|Full Site Check|GH-XXXX-XXXX-XXXX-XXXX)$/;

function leaves(node: unknown, prefix = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const english = new Map(leaves(en));

const catalogues = await Promise.all(
  languages
    .filter((l) => l !== 'en')
    .map(async (language) => ({
      language,
      catalogue: ((await import(`../../app/i18n/${language}.ts`)) as { default: UiMessages }).default,
    })),
);

describe('interface translations', () => {
  for (const { language, catalogue } of catalogues) {
    it(`${language} has every key, translated, with the same placeholders`, () => {
      const entries = new Map(leaves(catalogue));
      assert.deepEqual([...entries.keys()], [...english.keys()], 'same keys in the same order');
      for (const [key, text] of entries) {
        const source = english.get(key) ?? '';
        assert.ok(text.trim().length > 0, `${language}: ${key} is empty`);
        if (!literal.test(source) && !sameAsEnglish.has(`${key}@${language}`)) {
          assert.notEqual(text, source, `${language}: ${key} is still English`);
        }
        assert.deepEqual(placeholdersOf(text), placeholdersOf(source), `${language}: ${key} placeholders`);
      }
    });
  }
});
