import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** The modules a file loads at run time: its imports and re-exports, less the type-only ones. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'([^']+)'/gms)) {
    const [, , typeOnly, names = '', from = ''] = match;
    if (typeOnly) continue;
    // `import { type A, type B } from …` loads nothing either.
    const list = /^\{([^}]*)\}$/s.exec(names.trim())?.[1]?.split(',');
    if (list?.every((name) => name.trim() === '' || name.trim().startsWith('type '))) continue;
    found.push(from);
  }
  return found;
}

describe("the browser's entry of the contract", () => {
  it('reaches neither zod nor the error messages', () => {
    const seen = new Set<string>();
    const queue = [join(src, 'browser.ts')];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const from of runtimeImports(file)) {
        const at = file.slice(src.length + 1);
        assert.ok(from.startsWith('./') || from.startsWith('../'), `${at} imports ${from}: the browser would load it`);
        const target = join(dirname(file), from);
        assert.ok(!target.endsWith(`${join('src', 'errors.ts')}`), `${at} imports the English error catalogue`);
        assert.ok(!target.includes(`${join('src', 'messages')}`), `${at} imports error messages`);
        queue.push(target);
      }
    }
    assert.ok(seen.size > 10);
  });
});
