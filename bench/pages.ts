// `npm run bench -- pages [--against <checkout>]`: page delivery under load (16 connections,
// loopback), each figure beside Fastify's hello world in the same run. With --against, the
// same build is also served by the server of another checkout (a copy of an older commit with
// its node_modules), and the two are measured in turns: an A/B of the server's page path.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { type Child, repoRoot, startChild } from './support/processes.ts';

const connections = 16;
const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** What is measured: the paths a visitor, a monitor and a wrong address bring. */
export const pageCases = [
  { name: 'GET /login, a browser', path: '/login', accept: browser },
  { name: 'GET /login, curl (*/*)', path: '/login', accept: '*/*' },
  { name: 'GET /ja/redeem/{key}, a browser', path: '/ja/redeem/GH-ABCD-EFGH-JKLM-NPQR', accept: browser },
  { name: 'GET /no/such-page, a browser (404)', path: '/no/such-page', accept: browser },
] as const;

export interface PageFigures {
  hello: number;
  /** Requests a second per case, per server (`current`, and `against` when given). */
  rows: { name: string; current: number; against?: number; failed: number }[];
}

const load = (url: string, seconds: number, accept: string) =>
  autocannon({ url, connections, duration: seconds, headers: { accept, 'accept-encoding': 'br' } });
const unexpected = (result: Result, path: string) =>
  result.errors + result.timeouts + (path.startsWith('/no/') ? result['2xx'] : result.non2xx);

/** The server of the checkout at `root` on a fresh SQLite file, serving this checkout's build. */
const startServer = (root: string, dir: string, name: string) =>
  startChild(
    [join(root, 'server/src/main.ts')],
    {
      DATABASE_URL: `file:${join(dir, `${name}.db`)}`,
      WEB_ROOT: join(repoRoot, 'web/build/client'),
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      DEV_MAILBOX: '1',
    },
    '/health/ready',
  );

export async function pagesBench(options: { seconds: number; against?: string }): Promise<PageFigures> {
  const { seconds, against } = options;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pages-'));
  const children: Child[] = [];
  try {
    const hello = await startChild(['bench/support/hello-world.ts'], {}, '/hello');
    children.push(hello);
    const current = await startServer(repoRoot, dir, 'current');
    children.push(current);
    const other = against ? await startServer(against, dir, 'against') : undefined;
    if (other) children.push(other);
    for (const server of [current, other]) {
      for (const c of pageCases) if (server) await load(`${server.url}${c.path}`, 1, c.accept);
    }
    const helloRun = await autocannon({ url: `${hello.url}/hello`, connections, duration: seconds });
    const rows: PageFigures['rows'] = [];
    for (const c of pageCases) {
      // In turns (A B B A), so a change in the machine's load falls on both alike.
      const a = await load(`${current.url}${c.path}`, seconds / 2, c.accept);
      const b = other ? await load(`${other.url}${c.path}`, seconds / 2, c.accept) : undefined;
      const b2 = other ? await load(`${other.url}${c.path}`, seconds / 2, c.accept) : undefined;
      const a2 = await load(`${current.url}${c.path}`, seconds / 2, c.accept);
      rows.push({
        name: c.name,
        current: (a.requests.average + a2.requests.average) / 2,
        ...(b && b2 ? { against: (b.requests.average + b2.requests.average) / 2 } : {}),
        failed: unexpected(a, c.path) + unexpected(a2, c.path),
      });
    }
    return { hello: helloRun.requests.average, rows };
  } finally {
    for (const child of children.reverse()) await child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printPages(figures: PageFigures, against?: string): void {
  console.log(`\nPages: ${connections} connections, brotli, LOG_LEVEL=info${against ? `; against ${against}` : ''}`);
  console.log(`  ${'GET /hello, Fastify hello world (baseline)'.padEnd(44)} ${figures.hello.toFixed(0).padStart(7)} req/s`);
  for (const row of figures.rows) {
    const ratio = row.against ? `  ${((row.current / row.against - 1) * 100).toFixed(1).padStart(5)} % vs ${row.against.toFixed(0)}` : '';
    const share = `${((row.current / figures.hello) * 100).toFixed(0)} % of hello`;
    console.log(`  ${row.name.padEnd(44)} ${row.current.toFixed(0).padStart(7)} req/s  ${share}${ratio}  failed ${row.failed}`);
  }
}
