// `npm run bench [-- size|api|session|oidc|pages|web|timing …] [--profile] [--runs N] [--against <checkout>]`: every benchmark, each
// figure against a baseline measured in the same run, loopback only, bounded in time.
// Figures, not assertions: the README shows the latest and the targets.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildState } from '../scripts/build-stamp.ts';
import { printWeights, sizePages } from '../scripts/js-size.ts';
import { repoRoot } from './support/processes.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    profile: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    against: { type: 'string' },
  },
});
const parts = positionals.length > 0 ? positionals : ['size', 'api', 'session', 'oidc', 'pages', 'web', 'timing'];
const runs = Number(values.runs);
const seconds = Number(values.seconds);

// Bounded: whatever happens, the whole run ends within 25 minutes.
setTimeout(() => {
  console.error('bench: over the 25-minute budget, stopping');
  process.exit(1);
}, 25 * 60_000).unref();

/**
 * The benchmarks' own tools are optional dependencies (the product and its tests never load
 * them), and npm leaves out an optional package whose engines its Node does not meet: Lighthouse
 * asks for Node 22.19, and `npm ci` may run on an older machine Node (the project's own Node comes
 * with the install). Missing ones are installed once, by npm on the project's Node; the parts
 * that use them are loaded after.
 */
function installMissing(tools: string[]): void {
  // Looked for on disk: a failed resolution would be remembered by this process's module loader.
  const missing = tools.filter((name) => !existsSync(join(repoRoot, 'node_modules', name, 'package.json')));
  if (missing.length === 0) return;
  const npm = process.env.npm_execpath;
  if (!npm) throw new Error(`${missing.join(', ')} not installed: run the benchmarks with npm run bench, which installs them`);
  console.log(`Installing the benchmarks' optional tools (${missing.join(', ')}) with Node ${process.version}…`);
  const install = spawnSync(process.execPath, [npm, 'install', '--no-audit', '--no-fund'], { cwd: repoRoot, stdio: 'inherit' });
  if (install.status !== 0) throw new Error('installing the benchmarks’ tools failed');
}
installMissing([
  ...(parts.includes('api') || parts.includes('session') || parts.includes('pages') || parts.includes('oidc') ? ['autocannon'] : []),
  ...(parts.includes('web') ? ['chrome-launcher', 'lighthouse'] : []),
]);

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
  const { apiBench, printApi, profileApi } = await import('./api.ts');
  printApi(await apiBench({ seconds }));
  if (values.profile) {
    const dir = join(repoRoot, 'artifacts', 'profiles', new Date().toISOString().replace(/[:.]/g, '-'));
    mkdirSync(dir, { recursive: true });
    await profileApi(seconds, dir);
  }
}
if (parts.includes('session')) {
  const { printSession, sessionBench } = await import('./session.ts');
  for (const run of await sessionBench({ seconds, against: values.against })) printSession(run.figures, seconds, run.name);
}
if (parts.includes('oidc')) {
  const { oidcBench, printOidc } = await import('./oidc.ts');
  printOidc(await oidcBench({ seconds }), seconds);
}
if (parts.includes('pages')) {
  const { pagesBench, printPages } = await import('./pages.ts');
  printPages(await pagesBench({ seconds, against: values.against }), values.against);
}
if (parts.includes('web')) {
  const { printWeb, webBench } = await import('./web.ts');
  printWeb(await webBench({ runs }), runs);
}
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
