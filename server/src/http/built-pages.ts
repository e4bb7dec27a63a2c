import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every prerendered page of a build: the path it answers (/de/login for de/login/index.html) and its file. */
export function builtPages(root: string): { path: string; file: string }[] {
  const pages: { path: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html')) {
        pages.push({ path: `/${relative(root, file).split(sep).join('/')}`.replace(/(\/index)?\.html$/, '') || '/', file });
      }
    }
  };
  walk(root);
  return pages;
}
