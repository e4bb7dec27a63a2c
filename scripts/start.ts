// `npm start`: builds the web app when there is no build yet or when its sources, the contract
// or the lockfile changed since the last build (the build stamp), and the operator's console
// when its build is missing or older than its sources (a couple of seconds), then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildState, repoRoot } from './build-stamp.ts';
import { applyDevelopmentDefaults } from './dev-env.ts';

const state = buildState();
if (state === 'fresh') {
  console.log('The web app build is up to date.');
} else {
  console.log(
    state === 'missing'
      ? 'Building the web app (no build yet; about a minute)…'
      : 'The web app changed since its last build (its sources, the contract or the lockfile): building it again…',
  );
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The newest change under these paths, in ms. */
function newest(paths: string[]): number {
  return Math.max(
    0,
    ...paths.map((path) => {
      if (!existsSync(path)) return 0;
      const stat = statSync(path);
      return stat.isDirectory() ? newest(readdirSync(path).map((entry) => join(path, entry))) : stat.mtimeMs;
    }),
  );
}
const consoleBuilt = join(repoRoot, 'console/dist/index.html');
const consoleSources = ['console/src', 'console/index.html', 'console/vite.config.ts', 'contract/src', 'package-lock.json'];
if (!existsSync(consoleBuilt) || newest(consoleSources.map((path) => join(repoRoot, path))) > statSync(consoleBuilt).mtimeMs) {
  console.log("Building the operator's console…");
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'console'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const notice = applyDevelopmentDefaults(process.env);
if (notice) console.log(notice);
await import('../server/src/main.ts');
