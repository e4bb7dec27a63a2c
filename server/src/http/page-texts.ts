import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isLanguage, languageOr, screenTextsOf } from '@gatehouse/contract';

/**
 * The text files a page loads before it hydrates (web/app/lib/i18n.tsx, decisions 026 and 053):
 * in another language the start part (`de-start-….js`), and the part its screen names in the
 * contract's screen table in every language (`en-steps-….js`, `de-account-….js`). The API's
 * error messages load later, when first needed. Read once from a build's `assets` folder;
 * answers, for a page's path, the files' URLs. The server preloads them in the head of a page
 * that preloads its scripts there (web.ts); the default build's start script requests them
 * after the first paint (scripts/defer-scripts.ts).
 */
export function pageTextFiles(root: string): (path: string) => string[] {
  const files: Array<{ language: string; part: string; href: string }> = [];
  const assets = join(root, 'assets');
  if (existsSync(assets))
    for (const file of readdirSync(assets)) {
      const match = /^([a-z]{2})-(start|steps|account)-[\w-]{8}\.js$/.exec(file);
      if (match?.[1] && match[2] && isLanguage(match[1])) files.push({ language: match[1], part: match[2], href: `/assets/${file}` });
    }
  return (path) => {
    const first = path.split('/')[1];
    const language = languageOr(first);
    const bare = isLanguage(first) ? path.slice(first.length + 1) || '/' : path;
    const part = screenTextsOf(bare);
    return files
      .filter((file) => file.language === language && (file.part === 'start' ? language !== 'en' : file.part === part))
      .map((file) => file.href);
  };
}
