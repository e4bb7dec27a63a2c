// `npm start`: builds the web app when no build exists yet, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { applyDevelopmentDefaults } from './dev-env.ts';

const index = new URL('../web/build/client/index.html', import.meta.url);
if (!existsSync(index)) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const notice = applyDevelopmentDefaults(process.env);
if (notice) console.log(notice);
await import('../server/src/main.ts');
