// `node scripts/phases.ts <npm script> …`: runs the package's npm scripts one after another, as
// phases, with their output as it comes, and ends with each phase's time (decision 054), so a
// slow CI run says where its time went. Stops at the first phase that fails.
import { spawnSync } from 'node:child_process';

const phases = process.argv.slice(2);
const times: string[] = [];
const started = Date.now();
for (const phase of phases) {
  const begun = Date.now();
  const { status, signal } = spawnSync('npm', ['run', phase], { stdio: 'inherit' });
  const seconds = (Date.now() - begun) / 1000;
  const failed = status !== 0 || signal !== null;
  times.push(`${failed ? '✖' : '✔'} ${phase.padEnd(12)} ${(seconds / 60).toFixed(1).padStart(5)} min  (${seconds.toFixed(0)} s)`);
  if (failed) break;
}
console.log(`\nPhases:\n${times.join('\n')}\n  total        ${((Date.now() - started) / 60_000).toFixed(1).padStart(5)} min`);
if (times.length < phases.length || times.some((line) => line.startsWith('✖'))) process.exit(1);
