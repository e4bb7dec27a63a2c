// `npm run size [-- /path …]`: the JavaScript each prerendered page loads before it is
// interactive (its module scripts and modulepreloads, and the texts of its language), gzip and
// brotli at the build's levels, plus the inline scripts of the page itself. Each page is held to
// its budget in web/size-budgets.json (decision 053): the command exits non-zero when a page is
// over, and `npm run test:e2e` runs it on the build it makes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageTextFiles } from '@gatehouse/server/pages';

const root = new URL('../web/build/client/', import.meta.url).pathname;
const budgetsFile = new URL('../web/size-budgets.json', import.meta.url);
// KB of gzip per page, the most each may load (1 KB = 1,024 bytes, as printed below).
export const budgets: Record<string, number> = JSON.parse(readFileSync(budgetsFile, 'utf8')).budgets;
// The text parts each page loads before hydrating, read from the build (as the server reads them).
let textsOf: ((path: string) => string[]) | undefined;
// Every public page measured has a budget.
export const sizePages = Object.keys(budgets);

export interface PageWeight {
  page: string;
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  inline: number;
}

// Most files are on every page (the framework, the app's shared code): each is compressed once.
const fileSizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function fileSize(file: string) {
  let size = fileSizes.get(file);
  if (!size) {
    const content = readFileSync(join(root, file));
    size = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    fileSizes.set(file, size);
  }
  return size;
}

export function pageWeight(page: string): PageWeight {
  const html = readFileSync(join(root, page, 'index.html'), 'utf8');
  // The files its start script imports and preloads (scripts/defer-scripts.ts), or links.
  const files = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''));
  // It also loads its texts before hydrating (web/app/lib/i18n.tsx): in another language the start
  // part, and the part its screen names (the API's error messages load when needed).
  textsOf ??= pageTextFiles(root);
  for (const file of textsOf(page)) files.add(file);
  const weight = { page, files: files.size, raw: 0, gzip: 0, brotli: 0, inline: 0 };
  for (const file of files) {
    const size = fileSize(file);
    weight.raw += size.raw;
    weight.gzip += size.gzip;
    weight.brotli += size.brotli;
  }
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) weight.inline += gzipSync(match[1] ?? '').length;
  return weight;
}

/** Prints each page's weight beside its budget; returns the pages over their budget. */
export function printWeights(pages: string[]): PageWeight[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const over: PageWeight[] = [];
  for (const w of pages.map(pageWeight)) {
    const budget = budgets[w.page];
    // Compared as printed, to a tenth of a KB: a page at its budget passes.
    const excess = budget === undefined ? 0 : Math.round((w.gzip / 1024 - budget) * 10) / 10;
    if (excess > 0) over.push(w);
    const verdict =
      budget === undefined ? 'no budget' : excess > 0 ? `OVER its budget of ${budget} KB by ${excess} KB` : `budget ${budget} KB`;
    console.log(
      `${w.page.padEnd(16)} ${String(w.files).padStart(2)} files  ${kb(w.raw).padStart(9)} raw  ${kb(w.gzip).padStart(8)} gzip  ${kb(w.brotli).padStart(8)} brotli  (+${kb(w.inline)} inline, gzip)  ${verdict}`,
    );
  }
  return over;
}

if (import.meta.main) {
  const over = printWeights(process.argv.length > 2 ? process.argv.slice(2) : sizePages);
  if (over.length > 0) {
    console.error(
      `\n${over.map((w) => w.page).join(', ')}: over budget. Move what the page does not show out of its first load, or raise the budget in web/size-budgets.json with a decision that says why (docs/decisions/053-page-weight-budgets.md).`,
    );
    process.exitCode = 1;
  }
}
