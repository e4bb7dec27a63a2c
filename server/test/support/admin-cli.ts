import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Non-empty stdout lines. */
  lines: string[];
}

/**
 * Runs the admin CLI as an operator would (`npm run admin -- …`), as a child process on the
 * given database. The test runner's own Node (24) runs it; nothing is imported in-process.
 */
export function runAdmin(args: string[], databaseUrl: string): Promise<CliResult> {
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['server/src/cli/admin.ts', ...args],
      // A deadline for a hang only: starting Node takes seconds on a busy machine.
      { cwd: root, env: { ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({
          code: typeof error?.code === 'number' ? error.code : 0,
          stdout,
          stderr,
          lines: stdout.split('\n').filter((line) => line.trim() !== ''),
        });
      },
    );
  });
}
