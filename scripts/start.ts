// `npm start`: builds the web app when there is no build yet or when its sources, the contract
// or the lockfile changed since the last build (the build stamp), then runs the server.
import { spawnSync } from 'node:child_process';
import { buildState } from './build-stamp.ts';
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

const notice = applyDevelopmentDefaults(process.env);
if (notice) console.log(notice);
await import('../server/src/main.ts');
