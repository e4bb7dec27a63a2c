// Message templates shared by the screens, the error catalogue and the mails.

/** Where a `{name, plural, …}` block ends: the brace that closes its first one. */
function closingBrace(template: string, open: number): number {
  let depth = 0;
  for (let i = open; i < template.length; i += 1) {
    if (template[i] === '{') depth += 1;
    else if (template[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The branch of `one {…} few {…} other {…}` that the language's plural rules pick for n. */
function pluralBranch(options: string, n: number, language: string): string {
  const branches = new Map<string, string>();
  for (let i = 0; i < options.length; ) {
    const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(options.slice(i));
    if (!selector) break;
    const open = i + selector[0].length - 1;
    const close = closingBrace(options, open);
    branches.set(selector[1] ?? '', options.slice(open + 1, close));
    i = close + 1;
  }
  const branch = branches.get(`=${n}`) ?? branches.get(new Intl.PluralRules(language).select(n)) ?? branches.get('other') ?? '';
  return branch.replaceAll('#', new Intl.NumberFormat(language).format(n));
}

/**
 * Fills `{name}` placeholders, and ICU plural blocks `{name, plural, one {# second} other
 * {# seconds}}` by the plural rules of the language (Russian has one, few, many and other).
 */
export function formatMessage(template: string, params: Record<string, string | number> = {}, language = 'en'): string {
  let out = '';
  let rest = template;
  for (let start = rest.search(/\{\w+, plural,/); start !== -1; start = rest.search(/\{\w+, plural,/)) {
    const close = closingBrace(rest, start);
    if (close === -1) break;
    const [, name = '', options = ''] = /^\{(\w+), plural,([\s\S]*)\}$/.exec(rest.slice(start, close + 1)) ?? [];
    const value = params[name];
    out += rest.slice(0, start) + (typeof value === 'number' ? pluralBranch(options, value, language) : rest.slice(start, close + 1));
    rest = rest.slice(close + 1);
  }
  return (out + rest).replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The names a message fills in, plain or plural: the same in every translation of it. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((match) => match[1] ?? ''))].sort();
}
