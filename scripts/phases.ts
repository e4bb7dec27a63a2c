// `node scripts/phases.ts <step> …`: runs the package's npm scripts as phases, one step after
// another, and ends with each phase's time (decision 054), so a slow CI run says where its time
// went. A step is one script, or lanes that run at the same time, each lane its scripts in order:
// "test:unit | build size test:browser". The first lane's output comes as it runs; another
// lane's is kept and printed whole when it ends, so the two never interleave. A step whose lane
// failed ends the run once all its lanes have ended.
import { spawn } from 'node:child_process';

interface Timed {
  phase: string;
  seconds: number;
  failed: boolean;
  lane: number;
}

function runScript(phase: string, shown: boolean): Promise<{ failed: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', phase], { stdio: shown ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('close', (status, signal) => resolve({ failed: status !== 0 || signal !== null, output }));
  });
}

async function runLane(phases: string[], lane: number, times: Timed[]): Promise<boolean> {
  for (const phase of phases) {
    const begun = Date.now();
    const { failed, output } = await runScript(phase, lane === 0);
    if (lane > 0) process.stdout.write(`\n── ${phase} (run beside the phases above) ──\n${output}`);
    times.push({ phase, seconds: (Date.now() - begun) / 1000, failed, lane });
    if (failed) return false;
  }
  return true;
}

const steps = process.argv.slice(2).map((step) => step.split('|').map((lane) => lane.trim().split(/\s+/).filter(Boolean)));
const times: Timed[] = [];
const started = Date.now();
let passed = true;
for (const lanes of steps) {
  const results = await Promise.all(lanes.map((phases, lane) => runLane(phases, lane, times)));
  if (results.includes(false)) {
    passed = false;
    break;
  }
}
const lines = times.map(
  ({ phase, seconds, failed, lane }) =>
    `${failed ? '✖' : '✔'} ${phase.padEnd(14)} ${(seconds / 60).toFixed(1).padStart(5)} min  (${seconds.toFixed(0)} s)${lane > 0 ? '  beside' : ''}`,
);
console.log(`\nPhases:\n${lines.join('\n')}\n  total        ${((Date.now() - started) / 60_000).toFixed(1).padStart(5)} min`);
const planned = steps.flat(2).length;
if (!passed || times.length < planned) process.exit(1);
