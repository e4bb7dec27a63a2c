// `npm run bench [-- size|api|pages|web|timing …] [--profile] [--runs N] [--against <checkout>]`: every benchmark, each
// figure against a baseline measured in the same run, loopback only, bounded in time.
// Figures, not assertions: the README shows the latest and the targets.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildState } from '../scripts/build-stamp.ts';
import { printWeights, sizePages } from '../scripts/js-size.ts';
import { apiBench, printApi, profileApi } from './api.ts';
import { pagesBench, printPages } from './pages.ts';
import { repoRoot } from './support/processes.ts';
import { printWeb, webBench } from './web.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    profile: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    against: { type: 'string' },
  },
});
const parts = positionals.length > 0 ? positionals : ['size', 'api', 'pages', 'web', 'timing'];
const runs = Number(values.runs);
const seconds = Number(values.seconds);

// Bounded: whatever happens, the whole run ends within 25 minutes.
setTimeout(() => {
  console.error('bench: over the 25-minute budget, stopping');
  process.exit(1);
}, 25 * 60_000).unref();

const load = loadavg().map((n) => n.toFixed(1));
console.log(`Gatehouse benchmarks, ${new Date().toISOString()}; load average at start ${load.join(', ')}`);

if (parts.includes('size') || parts.includes('web') || parts.includes('pages')) {
  // What `npm start` would serve: the build of the sources at hand.
  if (buildState() !== 'fresh') {
    console.log('Building the web app first (no build, or it is stale)…');
    const build = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: repoRoot, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
}
if (parts.includes('size')) {
  console.log('\nJavaScript each page loads (npm run size):');
  printWeights(sizePages);
}
if (parts.includes('api')) {
  printApi(await apiBench({ seconds }));
  if (values.profile) {
    const dir = join(repoRoot, 'artifacts', 'profiles', new Date().toISOString().replace(/[:.]/g, '-'));
    mkdirSync(dir, { recursive: true });
    await profileApi(seconds, dir);
  }
}
if (parts.includes('pages')) printPages(await pagesBench({ seconds, against: values.against }), values.against);
if (parts.includes('web')) printWeb(await webBench({ runs }), runs);
if (parts.includes('timing')) {
  const timing = spawnSync(process.execPath, ['bench/signin-timing.ts'], { cwd: repoRoot, stdio: 'inherit' });
  if (timing.status !== 0) process.exitCode = 1;
}
console.log(
  `\nload average at the end ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}`,
);
