// Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the production build as
// `npm start` serves it, against its limit in the same run: a static copy of the same
// prerendered pages with every script taken out, served compressed the same way.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags } from '../web/test/support/chromium.ts';
import { type Child, freePort, startChild } from './support/processes.ts';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const measuredPaths = ['/login', '/signup', '/reset-password', '/ja/login', '/ja/signup', '/ja/reset-password'];

export interface PageFigures {
  path: string;
  app: Metrics;
  limit: Metrics;
}
interface Metrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
}

/** The median of the runs that gave a figure (a failed run gives none). */
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The page as served, with its scripts and script preloads taken out: nothing left to run. */
const withoutScripts = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');

/** The static copy: the same pages and favicon, brotli-compressed, with nothing else. */
async function startStaticCopy(base: string, paths: string[]): Promise<{ url: string; server: Server }> {
  const files = new Map<string, { type: string; body: Buffer }>();
  for (const path of paths) {
    const html = await (await fetch(`${base}${path}`, { headers: { accept: 'text/html' } })).text();
    files.set(path, { type: 'text/html; charset=utf-8', body: brotliCompressSync(withoutScripts(html)) });
  }
  const favicon = await (await fetch(`${base}/favicon.svg`)).arrayBuffer();
  files.set('/favicon.svg', { type: 'image/svg+xml', body: brotliCompressSync(Buffer.from(favicon)) });
  const server = createServer((request, response) => {
    const file = files.get((request.url ?? '/').split('?')[0] ?? '/');
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file.type, 'content-encoding': 'br', 'cache-control': 'no-cache' }).end(file.body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

const chromeFlags = ['--headless=new', ...chromiumFlags];

/** One Lighthouse run in a fresh browser (as its CLI does); a run that failed to record is tried again once. */
async function audit(url: string, attempt = 1): Promise<Metrics> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
  } finally {
    chrome.kill();
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    console.error(`  Lighthouse on ${url}: ${lhr.runtimeError.code}${attempt === 1 ? ', once more' : ''}`);
    if (attempt === 1) return audit(url, 2);
  }
  const score = (category: (typeof categories)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const medianOf = (runs: Metrics[]): Metrics => {
  const pick = (key: keyof Metrics) => median(runs.map((run) => run[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    benchmarkIndex: pick('benchmarkIndex'),
  };
};

export async function webBench(options: { runs: number; paths?: string[] }): Promise<PageFigures[]> {
  const paths = options.paths ?? measuredPaths;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  let gatehouse: Child | undefined;
  let copy: { url: string; server: Server } | undefined;
  try {
    gatehouse = await startChild(
      ['server/src/main.ts'],
      { DATABASE_URL: `file:${join(dir, 'bench.db')}`, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      '/health/ready',
    );
    copy = await startStaticCopy(gatehouse.url, paths);
    const figures: PageFigures[] = [];
    for (const path of paths) {
      const app: Metrics[] = [];
      const limit: Metrics[] = [];
      // Interleaved, so both see the same load on the machine.
      for (let run = 0; run < options.runs; run += 1) {
        app.push(await audit(`${gatehouse.url}${path}`));
        limit.push(await audit(`${copy.url}${path}`));
      }
      figures.push({ path, app: medianOf(app), limit: medianOf(limit) });
    }
    return figures;
  } finally {
    copy?.server.close();
    await gatehouse?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printWeb(figures: PageFigures[], runs: number): void {
  console.log(
    `\nLighthouse, mobile preset, median of ${runs} (benchmark index of this machine: ${median(figures.map((f) => f.app.benchmarkIndex)).toFixed(0)}); "limit": the same page without any script`,
  );
  console.log(
    `  ${'page'.padEnd(20)} ${'perf'.padStart(4)} ${'FCP s'.padStart(6)} ${'LCP s'.padStart(6)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(5)}  a11y  BP  SEO | limit: perf  LCP s | LCP / limit`,
  );
  for (const { path, app, limit } of figures) {
    console.log(
      `  ${path.padEnd(20)} ${String(app.performance).padStart(4)} ${(app.fcpMs / 1000).toFixed(2).padStart(6)} ${(app.lcpMs / 1000).toFixed(2).padStart(6)} ${app.tbtMs.toFixed(0).padStart(7)} ${app.cls.toFixed(3).padStart(5)}  ${String(app.accessibility).padStart(4)} ${String(app.bestPractices).padStart(3)} ${String(app.seo).padStart(4)} | ${String(limit.performance).padStart(11)} ${(limit.lcpMs / 1000).toFixed(2).padStart(6)} | ${(app.lcpMs / limit.lcpMs).toFixed(2).padStart(11)}`,
    );
  }
  console.log('  targets: performance 100, LCP ≤ 1.2 s, accessibility, best practices and SEO 100');
}
