import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// The operator's console does not weigh on the public pages (decision 062): the web app never
// imports it, and the console takes the contract's browser entry only (no zod, decision 053).
const root = fileURLToPath(new URL('../../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] ?? '');

test('the web app imports nothing of the console', () => {
  const files = sources(join(root, 'web/app'));
  assert.ok(files.length > 50);
  for (const file of files) {
    for (const specifier of importsOf(file)) {
      assert.doesNotMatch(specifier, /@gatehouse\/console|(^|\/)console\//, `${file} imports ${specifier}`);
    }
  }
});

test('the console takes the contract through its browser entry only', () => {
  const files = sources(join(root, 'console/src'));
  assert.ok(files.length > 5);
  for (const file of files) {
    for (const specifier of importsOf(file).filter((s) => s.startsWith('@gatehouse/'))) {
      assert.match(specifier, /^@gatehouse\/contract\/(browser|messages\/\w+)$/, `${file} imports ${specifier}`);
    }
  }
});
