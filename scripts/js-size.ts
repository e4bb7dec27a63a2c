// Prints the gzip size of the JavaScript each prerendered page loads (modulepreloads and scripts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('../web/build/client/', import.meta.url).pathname;
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/login', '/signup', '/', '/de/login'];

for (const page of pages) {
  const html = readFileSync(join(root, page, 'index.html'), 'utf8');
  const files = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(join(root, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (n, m) => n + gzipSync(m[1] ?? '').length,
    0,
  );
  console.log(
    `${page.padEnd(12)} ${files.size} files  ${(raw / 1024).toFixed(1)} KB raw  ${(gzip / 1024).toFixed(1)} KB gzip (+${(inline / 1024).toFixed(1)} KB inline)`,
  );
}
