// Runs the tests several times in a row, to tell a test that fails at random from one that
// fails: `npm run test:repeat -- 5` runs the whole `npm test` five times; `-- 20 --unit` runs
// `npm run test:unit` (two test files at a time, as CI) twenty times. Every run goes to the end
// (unless --stop-on-failure); each prints pass or fail and its duration, and the last line
// counts them. Each run's output is kept in artifacts/test-repeat/; a failed run's failing tests
// are listed. The exit code is 1 when any run failed.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const usage = 'usage: npm run test:repeat -- <runs> [--unit] [--stop-on-failure]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { unit: { type: 'boolean', default: false }, 'stop-on-failure': { type: 'boolean', default: false } },
});
const runs = Number(positionals[0] ?? 5);
if (!Number.isInteger(runs) || runs < 1 || positionals.length > 1) {
  console.error(usage);
  process.exit(2);
}

const root = new URL('..', import.meta.url).pathname;
const script = values.unit ? 'test:unit' : 'test';
const logs = join(root, 'artifacts', 'test-repeat');
mkdirSync(logs, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

/** One `npm run <script>`, its output to a log file; resolves with its exit code. */
function runOnce(log: string): Promise<number> {
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn('npm', ['run', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => out.end(() => resolve(code ?? (signal ? 1 : 0))));
  });
}

/** The lines that name what failed: node:test's ✖ summary, Playwright's numbered failures. */
function failures(log: string): string[] {
  const lines = readFileSync(log, 'utf8').split('\n');
  const summary = lines.findIndex((line) => line.startsWith('✖ failing tests:'));
  const found = [
    ...(summary >= 0 ? lines.slice(summary + 1).filter((line) => /^✖ /.test(line)) : []),
    ...lines.filter((line) => /^\s+\d+\) \[/.test(line)),
    ...lines.filter((line) => /error (TS|lint)|^npm error/.test(line)),
  ];
  return [...new Set(found.map((line) => line.trim()))].slice(0, 20);
}

console.log(`npm run ${script}, ${runs} time${runs === 1 ? '' : 's'} in a row (logs in ${logs})`);
let passed = 0;
let failed = 0;
const started = performance.now();
for (let run = 1; run <= runs; run += 1) {
  const log = join(logs, `${stamp}-run-${run}.log`);
  const runStarted = performance.now();
  const code = await runOnce(log);
  const seconds = ((performance.now() - runStarted) / 1000).toFixed(1);
  if (code === 0) {
    passed += 1;
    console.log(`run ${run}/${runs}: passed in ${seconds} s`);
  } else {
    failed += 1;
    console.log(`run ${run}/${runs}: FAILED (exit ${code}) in ${seconds} s; log: ${log}`);
    for (const line of failures(log)) console.log(`    ${line}`);
    if (values['stop-on-failure']) break;
  }
}
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
console.log(`${passed} passed, ${failed} failed (npm run ${script}, ${minutes} min in all)`);
process.exit(failed > 0 ? 1 : 0);
