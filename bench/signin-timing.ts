// `npm run bench -- timing`: sign-in latency and the known/unknown timing gap (docs/security-targets.md:
// medians under 10 ms apart), against raw argon2id in the same run. The real app in this
// process with production argon2 parameters, on a temporary SQLite file, on 127.0.0.1 only.
// Figures, not assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { buildApp, linkIn, loadConfig, SmtpCapture } from '../server/test/support/index.ts';

const requests = 200;
const concurrency = 8;
const timingSamples = 100;
const password = 'Benchmark secret 2026';

// Bounded: whatever happens, the run ends within three minutes.
setTimeout(() => {
  console.error('bench: over the 3-minute budget, stopping');
  process.exit(1);
}, 180_000).unref();

let ipCounter = 0;
/** Every request from its own client address (TRUST_PROXY=127.0.0.1), so per-IP limits measure nothing here. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

interface Run {
  latencies: number[];
  wallMs: number;
  failures: number;
}

/** Runs `total` calls with at most `parallel` in flight; a call resolves to whether it succeeded. */
async function load(total: number, parallel: number, call: () => Promise<boolean>): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      if (!(await call())) failures += 1;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { latencies, wallMs: performance.now() - started, failures };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
const smtp = new SmtpCapture();
const config = loadConfig({
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  TRUST_PROXY: '127.0.0.1',
  SMTP_URL: await smtp.start(),
});
const app = await buildApp(config);
const origin = await app.app.listen({ port: 0, host: '127.0.0.1' });

async function call(method: string, path: string, body?: unknown, form?: Record<string, string>) {
  const headers: Record<string, string> = { 'x-forwarded-for': nextIp() };
  let payload: string | undefined;
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(form).toString();
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${origin}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

try {
  // One account through the front door: sign up, read the link from the mail, verify, set the password.
  const email = 'timing@example.com';
  await call('POST', '/user/signup', { email, dataProcessingConsent: true });
  const token = linkIn(await smtp.waitFor(email), config.publicUrl).searchParams.get('token');
  const verified = await call('POST', '/user/verify-email', { email, token });
  const set = await call('POST', '/user/set-password', { email, password, token: verified.json.data.token });
  if (set.status !== 200) throw new Error(`could not set up the account: ${JSON.stringify(set.json)}`);
  const stored = await app.deps.db.selectFrom('accounts').select('password_hash').where('email_key', '=', email).executeTakeFirstOrThrow();
  const storedHash = stored.password_hash ?? (await hash(password, { ...config.argon2, algorithm: 2 }));

  const signin = (address: string, secret: string, expected: number) => async () =>
    (await call('POST', '/signin', undefined, { email: address, password: secret })).status === expected;

  // Warm up: JIT, the dummy hash made on the first unknown address, SQLite pages.
  await load(10, 2, signin(email, password, 200));
  await load(5, 1, signin('nobody@example.com', password, 401));

  const health = await load(requests, concurrency, async () => (await call('GET', '/health/live')).status === 200);
  // The server lets HASH_CONCURRENCY hashes run at once: raw argon2 at that width is the ceiling.
  const raw = await load(requests, config.hashing.concurrency, () => verify(storedHash, password));
  const signins = await load(requests, concurrency, signin(email, password, 200));

  // Known e-mail with a wrong password against an unknown e-mail, interleaved, one at a time.
  const alone = await load(timingSamples / 4, 1, () => verify(storedHash, password));
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < timingSamples; i += 1) {
    const pair = [
      [known, email],
      [unknown, `nobody${i}@example.com`],
    ] as const;
    // Alternate which goes first, so neither always follows the other.
    for (const [samples, address] of i % 2 ? [...pair].reverse() : pair) {
      const t0 = performance.now();
      const answer = await call('POST', '/signin', undefined, { email: address, password: 'Wrong password 1' });
      samples.push(performance.now() - t0);
      if (answer.status !== 401) throw new Error(`expected 401, got ${answer.status}`);
    }
  }

  const row = (name: string, run: Run, width = concurrency) =>
    [
      name.padEnd(34),
      String(run.latencies.length).padStart(5),
      String(width).padStart(5),
      ((run.latencies.length / run.wallMs) * 1000).toFixed(1).padStart(9),
      percentile(run.latencies, 50).toFixed(1).padStart(8),
      percentile(run.latencies, 95).toFixed(1).padStart(8),
      String(run.failures).padStart(7),
    ].join(' ');
  const { memoryCost, timeCost, parallelism } = config.argon2;
  console.log(
    `\nGatehouse bench: argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}, HASH_CONCURRENCY=${config.hashing.concurrency}, ${availableParallelism()} cores, SQLite, Node ${process.version}\n`,
  );
  console.log(`${'phase'.padEnd(34)}     n  conc     req/s   p50 ms   p95 ms  failed`);
  console.log(row('GET /health/live (baseline)', health));
  console.log(row('argon2id verify, raw (baseline)', raw, config.hashing.concurrency));
  console.log(row('POST /signin, right password', signins));
  const ratio = (signins.latencies.length / signins.wallMs / (raw.latencies.length / raw.wallMs)) * 100;
  console.log(`\nsign-in throughput is ${ratio.toFixed(0)}% of raw argon2id verify throughput`);

  const gap = percentile(known, 50) - percentile(unknown, 50);
  console.log(
    `\nsign-in failures, sequential, n=${timingSamples} each: median known e-mail + wrong password ${percentile(known, 50).toFixed(2)} ms, ` +
      `unknown e-mail ${percentile(unknown, 50).toFixed(2)} ms, difference ${gap.toFixed(2)} ms (target: under 10 ms); ` +
      `one raw argon2id verify alone: ${percentile(alone.latencies, 50).toFixed(2)} ms`,
  );
} finally {
  await app.close();
  await smtp.stop();
  rmSync(dir, { recursive: true, force: true });
}
