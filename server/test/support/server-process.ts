import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>;
  stderr(): string;
  stdout(): string;
}

/**
 * The server as an operator runs it (`node server/src/main.ts`), in a child process of its own,
 * so a test can kill it for real. Resolves once /health/ready answers 200. `nodeArgs` go before
 * the script (a test's `--import` hook).
 */
export async function spawnServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  // The port is picked free, then bound by the child: another process may take it in between.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await spawnOnce(await freePort(), env, nodeArgs);
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function spawnOnce(port: number, env: Record<string, string>, nodeArgs: string[]): Promise<ServerProcess> {
  const { NODE_TEST_CONTEXT: _, ...inherited } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The admin listener on a port of the system's choosing: several servers run at once.
      ADMIN_PORT: '0',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'silent',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      WEB_ROOT: join(root, 'server/test/support/no-web-build'), // as startTestApp: no web build
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited at start:\n${stderr}`);
    try {
      const ready = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(1000) });
      if (ready.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready within 60 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, exited, stderr: () => stderr, stdout: () => stdout };
}
