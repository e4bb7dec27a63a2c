import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/admin.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Non-empty stdout lines. */
  lines: string[];
}

function result(code: number, stdout: string, stderr: string): CliResult {
  return { code, stdout, stderr, lines: stdout.split('\n').filter((line) => line.trim() !== '') };
}

/**
 * Runs an admin CLI command line (`npm run admin -- …`) on the given database, in this process:
 * the same parsing, commands and output as the real entry point, without a Node start for each
 * command (seconds on a busy machine). `runAdminProcess` runs the real entry point.
 */
export async function runAdmin(args: string[], databaseUrl: string): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    args,
    { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    {
      stdout: (text) => {
        stdout += `${text}\n`;
      },
      stderr: (text) => {
        stderr += `${text}\n`;
      },
    },
  );
  return result(code, stdout, stderr);
}

/** Runs the admin CLI as an operator would, as a child process of the test runner's own Node (24). */
export function runAdminProcess(args: string[], databaseUrl: string): Promise<CliResult> {
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['server/src/cli/admin.ts', ...args],
      // A deadline for a hang only: starting Node takes seconds on a busy machine.
      { cwd: root, env: { ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve(result(typeof error?.code === 'number' ? error.code : 0, stdout, stderr));
      },
    );
  });
}
