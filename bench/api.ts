// The API under load, each figure against a baseline measured in the same run:
// - POST /signin against raw argon2id verification at the server's hash concurrency;
// - GET /session against Fastify's hello world, idle, and while sign-ins run beside it.
// The server runs as operators run it (production argon2 cost, LOG_LEVEL=info, SQLite) in a
// child process; the load comes from this one (autocannon, 16 connections), over loopback.
// The server's event-loop delay (p99, perf_hooks.monitorEventLoopDelay) is read beside each
// GET /session figure: what a request waits before the server even looks at it.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import autocannon, { type Result } from 'autocannon';
import { linkIn, loadConfig, SmtpCapture } from '../server/test/support/index.ts';
import { loopDelayMarker } from './support/loop-delay.ts';
import { type Child, repoRoot, startChild } from './support/processes.ts';
import { summarizeProfile } from './support/profile-summary.ts';

export const connections = 16;
export const password = 'Benchmark secret 2026';
const email = 'load.test@example.com';

let ipCounter = 0;
/** Each sign-in from its own client address (TRUST_PROXY=127.0.0.1): per-IP limits measure nothing here. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function call(base: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  // biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are the API's, checked by the server tests
  const json: any = await response.json();
  return { status: response.status, cookie: response.headers.getSetCookie()[0]?.split(';')[0], json };
}

/** One account through the front door: sign up, the mailed link, verify, set the password; then a session cookie. */
export async function setUpAccount(gatehouse: Gatehouse): Promise<string> {
  const base = gatehouse.url;
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await call(base, '/user/signup', json({ email, dataProcessingConsent: true }));
  const token = linkIn(await gatehouse.smtp.waitFor(email), base).searchParams.get('token');
  const verified = await call(base, '/user/verify-email', json({ email, token }));
  const set = await call(base, '/user/set-password', json({ email, password, token: verified.json.data.token }));
  if (set.status !== 200 || !set.cookie) throw new Error(`could not set up the account: ${JSON.stringify(set.json)}`);
  return set.cookie;
}

export const signinLoad = (base: string, seconds: number, maxRequests?: number) =>
  autocannon({
    url: base,
    connections,
    duration: seconds,
    maxOverallRequests: maxRequests,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/signin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }).toString(),
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextIp() } }),
      },
    ],
  });

export const getLoad = (url: string, seconds: number, headers: Record<string, string> = {}) =>
  autocannon({ url, connections, duration: seconds, headers });

/** Raw argon2id verification of the same password, `width` at a time, for `seconds` (and at most `max`). */
export async function rawArgon2(
  stored: string,
  width: number,
  seconds: number,
  max = Number.POSITIVE_INFINITY,
): Promise<{ count: number; seconds: number; perSecond: number }> {
  const end = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (performance.now() < end && count < max) {
        if (!(await verify(stored, password))) throw new Error('raw verification failed');
        count += 1;
      }
    }),
  );
  const took = (performance.now() - started) / 1000;
  return { count, seconds: took, perSecond: count / took };
}

export type Gatehouse = Child & { smtp: SmtpCapture };

/**
 * Gatehouse as operators run it (production argon2 cost, LOG_LEVEL=info, mail to an SMTP
 * server: here a real listener on loopback) on a fresh SQLite file in `dir`; `root`: the
 * checkout whose server runs (another one for an A/B).
 */
export async function startGatehouse(dir: string, profileArgs: string[] = [], root = repoRoot, name = 'bench'): Promise<Gatehouse> {
  const smtp = new SmtpCapture();
  const child = await startChild(
    [...profileArgs, '--import', './bench/support/loop-delay.ts', join(root, 'server/src/main.ts')],
    {
      DATABASE_URL: `file:${join(dir, `${name}.db`)}`,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
      // Any free port: two servers may run side by side (an A/B), and others on this machine.
      ADMIN_PORT: '0',
      SMTP_URL: await smtp.start(),
    },
    '/health/ready',
  );
  return {
    ...child,
    smtp,
    async stop() {
      await child.stop();
      await smtp.stop();
    },
  };
}

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** The server's event-loop delay since the last call (support/loop-delay.ts), in milliseconds. */
async function loopDelay(server: Child): Promise<LoopDelay> {
  const lines = () => server.stderr().split(loopDelayMarker);
  const before = lines().length;
  server.process.kill('SIGUSR2');
  const deadline = performance.now() + 10_000;
  while (lines().length === before) {
    if (performance.now() > deadline) throw new Error('the server did not report its event-loop delay');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return JSON.parse(lines().at(-1)?.split('\n')[0] ?? '{}') as LoopDelay;
}

export interface ApiFigures {
  rows: [string, string, string][];
  loopDelays: [string, LoopDelay][];
  ratios: { signinVsArgon2: number; sessionVsHello: number; sessionUnderSigninVsIdle: number };
}

const rate = (result: Result) => result.requests.average;
const failed = (result: Result) => result.non2xx + result.errors + result.timeouts;

export async function apiBench(options: { seconds: number; profileDir?: string }): Promise<ApiFigures> {
  const { seconds, profileDir } = options;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const config = loadConfig({});
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  let gatehouse: Gatehouse | undefined;
  let hello: Child | undefined;
  try {
    gatehouse = await startGatehouse(dir, profileArgs);
    hello = await startChild(['bench/support/hello-world.ts'], {}, '/hello');
    const cookie = await setUpAccount(gatehouse);
    const stored = await hash(password, { ...config.argon2, algorithm: 2 });

    // Warm up each path (JIT, the dummy hash, SQLite pages), then measure.
    await Promise.all([getLoad(`${hello.url}/hello`, 2), getLoad(`${gatehouse.url}/session`, 2, { cookie })]);
    await signinLoad(gatehouse.url, 2);

    const helloRun = await getLoad(`${hello.url}/hello`, seconds);
    await loopDelay(gatehouse);
    const sessionIdle = await getLoad(`${gatehouse.url}/session`, seconds, { cookie });
    const delayIdle = await loopDelay(gatehouse);
    const raw = await rawArgon2(stored, config.hashing.concurrency, seconds);
    await loopDelay(gatehouse);
    const signins = await signinLoad(gatehouse.url, seconds);
    const delaySignins = await loopDelay(gatehouse);
    const [sessionBusy, signinsBeside] = await Promise.all([
      getLoad(`${gatehouse.url}/session`, seconds, { cookie }),
      signinLoad(gatehouse.url, seconds),
    ]);
    const delayBusy = await loopDelay(gatehouse);

    const row = (name: string, perSecond: number, detail: string): [string, string, string] => [name, perSecond.toFixed(1), detail];
    const latency = (result: Result) => `p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, failed ${failed(result)}`;
    const figures: ApiFigures = {
      rows: [
        row('GET /hello, Fastify hello world (baseline)', rate(helloRun), latency(helloRun)),
        row('GET /session, signed in, idle', rate(sessionIdle), latency(sessionIdle)),
        row('GET /session, while sign-ins run', rate(sessionBusy), latency(sessionBusy)),
        row(`argon2id verify, raw, ${config.hashing.concurrency} at a time (baseline)`, raw.perSecond, `${raw.count} verifications`),
        row('POST /signin, right password', rate(signins), latency(signins)),
        row('POST /signin, beside GET /session', rate(signinsBeside), latency(signinsBeside)),
      ],
      loopDelays: [
        ['GET /session, idle', delayIdle],
        ['POST /signin alone', delaySignins],
        ['GET /session while sign-ins run', delayBusy],
      ],
      ratios: {
        signinVsArgon2: rate(signins) / raw.perSecond,
        sessionVsHello: rate(sessionIdle) / rate(helloRun),
        sessionUnderSigninVsIdle: rate(sessionBusy) / rate(sessionIdle),
      },
    };
    return figures;
  } finally {
    await hello?.stop();
    await gatehouse?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printApi(figures: ApiFigures, profileDir?: string): void {
  const { memoryCost, timeCost, parallelism } = loadConfig({}).argon2;
  console.log(
    `\nAPI: argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}, ${connections} connections, ${availableParallelism()} cores, SQLite, LOG_LEVEL=info, Node ${process.version}`,
  );
  for (const [name, perSecond, detail] of figures.rows) console.log(`  ${name.padEnd(48)} ${perSecond.padStart(9)} req/s  ${detail}`);
  for (const [name, delay] of figures.loopDelays) {
    console.log(`  event-loop delay, ${name.padEnd(31)} p99 ${delay.p99} ms  (p50 ${delay.p50} ms, max ${delay.max} ms)`);
  }
  const { signinVsArgon2, sessionVsHello, sessionUnderSigninVsIdle } = figures.ratios;
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  console.log(`  sign-in / raw argon2id:                 ${pct(signinVsArgon2)}  (target ≥ 90 %)`);
  console.log(`  GET /session / hello world:             ${pct(sessionVsHello)}  (target ≥ 25 %)`);
  console.log(`  GET /session while sign-ins run / idle: ${pct(sessionUnderSigninVsIdle)}  (target ≥ 50 %)`);
  if (profileDir) {
    for (const file of readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))) {
      console.log(
        `\nCPU profile of the server over the whole run (${join(profileDir, file)}):\n${summarizeProfile(join(profileDir, file))}`,
      );
    }
  }
}

/** Where the server's time goes under each load alone: a CPU profile of a fresh server per load. */
export async function profileApi(seconds: number, profileDir: string): Promise<void> {
  for (const load of ['GET /session', 'POST /signin', 'GET /session beside POST /signin'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
    const out = join(profileDir, load.replace(/\W+/g, '-').replace(/^-|-$/g, ''));
    const gatehouse = await startGatehouse(dir, ['--cpu-prof', `--cpu-prof-dir=${out}`]);
    try {
      const cookie = await setUpAccount(gatehouse);
      const runs = await Promise.all([
        load !== 'POST /signin' ? getLoad(`${gatehouse.url}/session`, seconds, { cookie }) : undefined,
        load !== 'GET /session' ? signinLoad(gatehouse.url, seconds) : undefined,
      ]);
      const rates = runs.flatMap((result, i) =>
        result ? [`${i ? 'POST /signin' : 'GET /session'} ${rate(result).toFixed(1)} req/s`] : [],
      );
      console.log(`\n${load}: ${rates.join(', ')}; event-loop delay p99 ${(await loopDelay(gatehouse)).p99} ms`);
    } finally {
      await gatehouse.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    for (const file of readdirSync(out).filter((f) => f.endsWith('.cpuprofile'))) {
      console.log(`CPU profile, the last ${seconds} s (${join(out, file)}):\n${summarizeProfile(join(out, file), seconds)}`);
    }
  }
}
