// `npm test`: every check CI runs, in three steps. The lint (a second). Then two lanes side by
// side, one a core: the unit and server tests, and the type check followed by both web builds
// (the unit tests never read a build; the browser suite needs both). Then the browser suite.
// Each lane's lines are printed as they come, prefixed with its name; a lane that fails lets the
// other finish, skips the browser suite and makes the exit code 1. Each step's time is printed.
// The figures behind this order are in docs/decisions/024-test-time.md.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;

/** One lane: its npm scripts one after another, stopping at the first that fails. */
async function lane(name: string, scripts: string[]): Promise<boolean> {
  const started = performance.now();
  for (const script of scripts) {
    const code = await new Promise<number>((resolve) => {
      const child = spawn('npm', ['run', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
      }
      child.on('close', (exit, signal) => resolve(exit ?? (signal ? 1 : 0)));
    });
    if (code !== 0) {
      console.log(`[${name}] npm run ${script} FAILED (exit ${code}) after ${seconds(started)}`);
      return false;
    }
    console.log(`[${name}] npm run ${script} passed (${seconds(started)} into the lane)`);
  }
  return true;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const started = performance.now();
const step = async (lanes: Array<[string, string[]]>) => {
  const results = await Promise.all(lanes.map(([name, scripts]) => lane(name, scripts)));
  if (results.includes(false)) {
    console.log(`npm test FAILED after ${seconds(started)}`);
    process.exit(1);
  }
};

await step([['lint', ['lint']]]);
await step([
  ['unit', ['test:unit']],
  ['build', ['typecheck', 'build', 'build:panel']],
]);
await step([['e2e', ['test:browser']]]);
console.log(`npm test passed in ${seconds(started)}`);
