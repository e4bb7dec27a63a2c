// `node bench/web-trace.ts [path …] [--runs N]`: where the main thread goes while a page of the
// production build starts, as a phone would run it (Chromium's CPU slowed down 4x, as Lighthouse's
// mobile preset simulates). Records a performance trace from the navigation until a second after
// the app runs (window.__gatehouseStarted) and lists the first contentful paint and every task
// over 50 ms (what Total Blocking Time counts) with the longest work inside it. An
// `EvaluateScript` without a file is this tool's own wait for the app. Figures move with the
// machine's load: compare builds within one run. Needs a build (`npm run build`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startChild } from './support/processes.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '3' } } });
const paths = positionals.length > 0 ? positionals : ['/login', '/ja/login'];
const inside = new Set([
  'v8.evaluateModule',
  'v8.compileModule',
  'FunctionCall',
  'EvaluateScript',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'TimerFire',
  'RunMicrotasks',
  'MinorGC',
  'MajorGC',
  'EventDispatch',
]);

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-trace-'));
const gatehouse = await startChild(
  ['server/src/main.ts'],
  { DATABASE_URL: `file:${join(dir, 'trace.db')}`, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  '/health/ready',
);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const path of paths) {
    for (let run = 0; run < Number(values.runs); run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'],
      });
      await page.goto(`${gatehouse.url}${path}`);
      await page.waitForFunction(() => (globalThis as { __gatehouseStarted?: boolean }).__gatehouseStarted === true, null, {
        timeout: 60_000,
      });
      await page.waitForTimeout(1000);
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      await context.close();
      const main = new Set(
        events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
      );
      const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts;
      // The page's own navigation (the tab's blank page has one before it).
      const start = Math.max(
        0,
        ...events.filter((e) => e.name === 'navigationStart' && (fcp === undefined || e.ts <= fcp)).map((e) => e.ts),
      );
      const ms = (us: number) => Math.round(us / 1000);
      const tasks = events.filter(
        (e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && (e.dur ?? 0) > 50_000 && e.ts > start,
      );
      const blocking = tasks.filter((task) => fcp !== undefined && task.ts > fcp).reduce((sum, task) => sum + ms(task.dur ?? 0) - 50, 0);
      console.log(
        `${path}, run ${run + 1}: first contentful paint ${fcp ? ms(fcp - start) : '?'} ms; tasks over 50 ms after it add up to ${blocking} ms of blocking`,
      );
      for (const task of tasks) {
        const end = task.ts + (task.dur ?? 0);
        const work = events
          .filter(
            (e) =>
              e.ph === 'X' &&
              e.pid === task.pid &&
              e.tid === task.tid &&
              e.ts >= task.ts &&
              e.ts + (e.dur ?? 0) <= end &&
              inside.has(e.name),
          )
          .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
          .slice(0, 3)
          .map(
            (e) =>
              `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''}${e.args?.data?.type ? ` ${e.args.data.type}` : ''} ${ms(e.dur ?? 0)} ms`,
          );
        console.log(`  at ${ms(task.ts - start)} ms: ${ms(task.dur ?? 0)} ms (${work.join(', ') || 'no traced work'})`);
      }
    }
  }
} finally {
  await browser.close();
  await gatehouse.stop();
  rmSync(dir, { recursive: true, force: true });
}
