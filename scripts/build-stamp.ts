// The build stamp: one hash of everything the web app's build reads (its sources, the
// contract it imports, the build configuration and the lockfile). `npm start` compares it with
// the stamp the last build wrote and rebuilds when they differ, so a `git pull` never leaves it
// serving the previous screens.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** What the standalone build is made of, relative to the repository root. */
const inputs = [
  'web/app',
  'web/public',
  'web/package.json',
  'web/vite.config.ts',
  'web/react-router.config.ts',
  'web/tsconfig.json',
  'contract/src',
  'contract/package.json',
  'scripts/web-build.ts',
  'scripts/compress-build.ts',
  'scripts/defer-scripts.ts',
  'package-lock.json',
];

/** Where the standalone build keeps its stamp (beside, not inside, the served folder). */
export const stampFile = (root = repoRoot) => join(root, 'web/build/stamp.json');

export function sourceStamp(root = repoRoot): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) add(join(path, entry));
      return;
    }
    // Names and contents both count: a renamed file changes the build too.
    hash.update(relative(root, path).split('\\').join('/'));
    hash.update('\0');
    hash.update(readFileSync(path));
    hash.update('\0');
  };
  for (const input of inputs) add(join(root, input));
  return hash.digest('hex');
}

/** The stamp of the build on disk, or undefined when it has none. */
export function builtStamp(root = repoRoot): string | undefined {
  try {
    const stamp: unknown = JSON.parse(readFileSync(stampFile(root), 'utf8')).stamp;
    return typeof stamp === 'string' ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the standalone build can be served as it is, and if not, why. */
export function buildState(root = repoRoot): 'fresh' | 'missing' | 'stale' {
  if (!existsSync(join(root, 'web/build/client/index.html'))) return 'missing';
  return builtStamp(root) === sourceStamp(root) ? 'fresh' : 'stale';
}

export function writeStamp(stamp: string, root = repoRoot): void {
  writeFileSync(stampFile(root), `${JSON.stringify({ stamp, builtAt: new Date().toISOString() })}\n`);
}
