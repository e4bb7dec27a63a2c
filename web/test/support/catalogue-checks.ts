// The catalogue level of the suite (decision 054): what can be told of the texts without a
// browser, in milliseconds, for every language. The unit tests run these on the real catalogues;
// checks.test.ts runs them on doctored copies, so a check that stopped finding its fault fails.
import { type Language, placeholdersOf } from '@gatehouse/contract';

export type Catalogue = { [key: string]: string | Catalogue };

export function leaves(node: unknown, prefix = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

/** Words that are the same in a language as in English, checked by a native speaker's eye: key@language. */
export const sameAsEnglish = new Set([
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

/** Names kept as they are in every language: the brands, the plans, a key's pattern. */
export const literal = /^(Gmail|Outlook|Pro|Business|Enterprise|Flexible|Full Site Check|GH-XXXX-XXXX-XXXX-XXXX)$/;

/** Everything wrong with one language's catalogue beside the English one: keys, empty texts, English left, placeholders. */
export function catalogueProblems(language: Language, catalogue: unknown, english: unknown): string[] {
  const source = new Map(leaves(english));
  const entries = new Map(leaves(catalogue));
  const problems: string[] = [];
  for (const key of source.keys()) if (!entries.has(key)) problems.push(`${language}: ${key} is missing`);
  for (const [key, text] of entries) {
    const original = source.get(key);
    if (original === undefined) {
      problems.push(`${language}: ${key} is not in English`);
      continue;
    }
    if (text.trim().length === 0) problems.push(`${language}: ${key} is empty`);
    else if (language !== 'en' && text === original && !literal.test(original) && !sameAsEnglish.has(`${key}@${language}`)) {
      problems.push(`${language}: ${key} is still English`);
    }
    if (placeholdersOf(text).join() !== placeholdersOf(original).join()) problems.push(`${language}: ${key} has other placeholders`);
  }
  return problems;
}

/**
 * The keys shown in slots of a fixed size: buttons, tabs, headings, field labels. A key's last
 * segment names its slot in every catalogue (submit, heading, …Label, the settings' tabs).
 */
export function isConstrained(key: string): boolean {
  return (
    /\.sections\.[^.]+$/.test(key) ||
    /\.(submit|heading|[a-z]+Heading|label|[a-z]+Label|save|cancel|finish|continue|signIn|signOut|back|backToLogin)$/.test(key)
  );
}

/** The languages whose texts are held to the width German and Russian already need. */
const heldLanguages = ['fr', 'es', 'it', 'pt'] as const;

/**
 * The text-fit rule: a constrained text in French, Spanish, Italian or Portuguese is at most 10 %
 * longer than the longer of German and Russian (whose widths every layout already holds), or four
 * characters for a short text, where a tenth is less than a letter and the languages' own short
 * words differ by more ("Mot de passe" beside "Passwort").
 */
export function fitProblems(catalogues: Record<Language, unknown>): string[] {
  const byLanguage = Object.fromEntries(Object.entries(catalogues).map(([language, c]) => [language, new Map(leaves(c))])) as Record<
    Language,
    Map<string, string>
  >;
  const problems: string[] = [];
  for (const key of byLanguage.en.keys()) {
    if (!isConstrained(key)) continue;
    const longer = Math.max(byLanguage.de.get(key)?.length ?? 0, byLanguage.ru.get(key)?.length ?? 0);
    const limit = Math.max(Math.floor(longer * 1.1), longer + 4);
    for (const language of heldLanguages) {
      const text = byLanguage[language].get(key) ?? '';
      if (text.length > limit) problems.push(`${language}: ${key} has ${text.length} characters, at most ${limit}: "${text}"`);
    }
  }
  return problems;
}

/** The states no journey names with `passes(page, 'name')`, from the journeys' sources. */
export function statesNoJourneyPasses(names: string[], sources: string[]): string[] {
  const passed = new Set(sources.flatMap((source) => [...source.matchAll(/\bpasses\(\s*\w+,\s*'([^']+)'/g)].map((m) => m[1])));
  return names.filter((name) => !passed.has(name));
}
