// Servers under test, each in a child process of its own (the load comes from this process, so
// it never shares a thread with what it measures). Loopback only.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/test/support/index.ts';

export { freePort };

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Child {
  url: string;
  process: ChildProcess;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Ends the process (SIGTERM: a CPU profile, when asked for, is written on the way out). */
  stop(): Promise<void>;
}

/** Starts `node <args>` with PORT set, and resolves once `readyPath` answers 200. */
export async function startChild(args: string[], env: Record<string, string>, readyPath: string): Promise<Child> {
  const port = await freePort();
  const { NODE_TEST_CONTEXT: _, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Generous: on a machine others are loading, starting Node and the server can take a minute.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited at start:\n${stderr}`);
    try {
      if ((await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(1000) })).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} not ready within 120 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
