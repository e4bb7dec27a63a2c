// `node scripts/parallel.ts <npm script> <npm script> …`: runs the package's npm scripts at the
// same time (a type check or a build mostly runs on one core, and CI has two), each one's output
// held and printed whole when it ends, so the log reads as if they had run one after another.
// Fails (exit code 1) when any of them failed, after all have ended.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.ts <npm script>…');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<{ script: string; code: number }>((resolve) => {
        const chunks: Buffer[] = [];
        const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(Buffer.concat(chunks));
          const failed = code !== 0 || signal !== null;
          console.log(`${failed ? '✖' : '✔'} npm run ${script} (${failed ? `failed, ${signal ?? code}` : 'passed'}, ${seconds} s)\n`);
          resolve({ script, code: failed ? 1 : 0 });
        });
      }),
  ),
);
const failed = results.filter((result) => result.code !== 0).map((result) => result.script);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
