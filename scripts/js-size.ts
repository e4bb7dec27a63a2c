// `npm run size [-- /path …]`: the JavaScript each prerendered page loads before it is
// interactive (its module scripts and modulepreloads, and the texts of its language), gzip and
// brotli at the build's levels, plus the inline scripts of the page itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageTextFiles } from '@gatehouse/server/pages';

const root = new URL('../web/build/client/', import.meta.url).pathname;
// The text parts each page loads before hydrating, read from the build (as the server reads them).
let textsOf: ((path: string) => string[]) | undefined;
export const sizePages = ['/login', '/signup', '/reset-password', '/', '/ja/login', '/de/login'];

export interface PageWeight {
  page: string;
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  inline: number;
}

export function pageWeight(page: string): PageWeight {
  const html = readFileSync(join(root, page, 'index.html'), 'utf8');
  // The files its start script imports and preloads (scripts/defer-scripts.ts), or links.
  const files = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''));
  // It also loads its texts before hydrating (web/app/lib/i18n.tsx): in another language the start
  // part, on an account screen the account part too (the API's error messages load when needed).
  textsOf ??= pageTextFiles(root);
  for (const file of textsOf(page)) files.add(file);
  const weight = { page, files: files.size, raw: 0, gzip: 0, brotli: 0, inline: 0 };
  for (const file of files) {
    const content = readFileSync(join(root, file));
    weight.raw += content.length;
    weight.gzip += gzipSync(content, { level: 9 }).length;
    weight.brotli += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) weight.inline += gzipSync(match[1] ?? '').length;
  return weight;
}

export function printWeights(pages: string[]): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const w of pages.map(pageWeight)) {
    console.log(
      `${w.page.padEnd(16)} ${w.files} files  ${kb(w.raw).padStart(9)} raw  ${kb(w.gzip).padStart(8)} gzip  ${kb(w.brotli).padStart(8)} brotli  (+${kb(w.inline)} inline, gzip)`,
    );
  }
}

if (import.meta.main) printWeights(process.argv.length > 2 ? process.argv.slice(2) : sizePages);
