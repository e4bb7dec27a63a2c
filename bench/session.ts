// The session check under sign-in load, and sign-in against a raw argon2id verify, in one run:
// - GET /session idle, and GET /session while sign-ins run beside it (the share it keeps);
// - POST /signin against raw argon2id verification of the same password in this process, at the
//   server's hash concurrency.
// Each pair runs in interleaved halves (A, B, A, B), so a change in the machine's load lands on
// both; every half is bounded in time and in requests. The server runs as operators run it
// (production argon2 cost, LOG_LEVEL=info, SQLite) in a process of its own. Beside the rates,
// the CPU time a sign-in costs the server and a raw verification costs this process: unlike the
// rates, their ratio hardly moves with what else the machine runs.
// `--against <checkout>` measures that checkout's server too, in turns with this one (A B A B).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import autocannon, { type Result } from 'autocannon';
import { loadConfig } from '../server/test/support/index.ts';
import { connections, type Gatehouse, password, rawArgon2, setUpAccount, signinLoad, startGatehouse } from './api.ts';
import { repoRoot } from './support/processes.ts';

/** Far above what a half reaches on two cores: a run on a much faster machine still ends. */
const maxSessionChecks = 500_000;
const maxSignins = 20_000;

export interface Rate {
  perSecond: number;
  failed: number;
}

/** Requests answered 2xx per second over the halves together, and what failed. */
export function combine(results: Result[]): Rate {
  const ok = results.reduce((sum, r) => sum + r['2xx'], 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  return { perSecond: ok / seconds, failed };
}

/** A and B in interleaved halves: A, B, A, B. */
export async function interleaved<A, B>(a: (s: number) => Promise<A>, b: (s: number) => Promise<B>, seconds: number) {
  const half = Math.max(1, Math.round(seconds / 2));
  const as: A[] = [];
  const bs: B[] = [];
  for (let i = 0; i < 2; i += 1) {
    as.push(await a(half));
    bs.push(await b(half));
  }
  return { a: as, b: bs };
}

const sessionLoad = (base: string, cookie: string, seconds: number) =>
  autocannon({ url: `${base}/session`, connections, duration: seconds, maxOverallRequests: maxSessionChecks, headers: { cookie } });

export interface SessionFigures {
  idle: Rate;
  busy: Rate;
  signins: Rate;
  /** Sign-ins per second beside GET /session: what the session check's share cost them. */
  signinsBeside: Rate;
  raw: number;
  concurrency: number;
  /** Milliseconds of CPU: the server's per sign-in, this process's (the load) per sign-in, per raw verification. */
  cpu: { server: number; load: number; raw: number } | undefined;
  /** The machine's one-minute load average when the measurement started and ended. */
  loadAverage: [number, number];
}

/** A process's CPU time so far in milliseconds, all its threads (Linux's /proc; USER_HZ is 100). */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** What `work` cost in CPU, the server's and this process's. */
async function withCpu<T>(pid: number | undefined, work: () => Promise<T>) {
  const server = cpuMsOf(pid);
  const own = ownCpuMs();
  const value = await work();
  const serverAfter = cpuMsOf(pid);
  return { value, server: server === undefined || serverAfter === undefined ? Number.NaN : serverAfter - server, own: ownCpuMs() - own };
}

/** The figures on a running server, for an account whose session cookie is `cookie`. */
export async function sessionFigures(gatehouse: Gatehouse, cookie: string, seconds: number): Promise<SessionFigures> {
  const loadAtStart = loadavg()[0] ?? 0;
  const config = loadConfig({});
  const stored = await hash(password, { ...config.argon2, algorithm: 2 });
  const signins = (s: number) => signinLoad(gatehouse.url, s, maxSignins);
  // Warm-up: the JIT, the dummy hash, SQLite's pages; and the account signs in at all.
  const [warm, warmSignins] = await Promise.all([sessionLoad(gatehouse.url, cookie, 2), signins(2)]);
  if (warm.non2xx + warmSignins.non2xx > 0) throw new Error('GET /session or POST /signin answered other than 2xx in the warm-up');
  const beside: Result[] = [];
  const sessions = await interleaved(
    (s) => sessionLoad(gatehouse.url, cookie, s),
    async (s) => {
      const [session, signin] = await Promise.all([sessionLoad(gatehouse.url, cookie, s), signins(s)]);
      beside.push(signin);
      return session;
    },
    seconds,
  );
  const concurrency = config.hashing.concurrency;
  const pid = gatehouse.process.pid;
  const verifies = await interleaved(
    (s) => withCpu(pid, () => rawArgon2(stored, concurrency, s, maxSignins)),
    (s) => withCpu(pid, () => signins(s)),
    seconds,
  );
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const signedIn = sum(verifies.b.map((half) => half.value['2xx']));
  const verified = sum(verifies.a.map((half) => half.value.count));
  return {
    idle: combine(sessions.a),
    busy: combine(sessions.b),
    signins: combine(verifies.b.map((half) => half.value)),
    signinsBeside: combine(beside),
    raw: verified / sum(verifies.a.map((half) => half.value.seconds)),
    concurrency,
    loadAverage: [loadAtStart, loadavg()[0] ?? 0],
    cpu:
      cpuMsOf(pid) === undefined
        ? undefined
        : {
            server: sum(verifies.b.map((half) => half.server)) / signedIn,
            load: sum(verifies.b.map((half) => half.own)) / signedIn,
            raw: sum(verifies.a.map((half) => half.own)) / verified,
          },
  };
}

/** This checkout's figures, or with `against` both checkouts' in turns: this, that, this, that. */
export async function sessionBench(options: { seconds: number; against?: string }): Promise<{ name: string; figures: SessionFigures }[]> {
  const { seconds, against } = options;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const servers: { name: string; gatehouse: Gatehouse; cookie: string }[] = [];
  try {
    for (const [name, root] of against
      ? [
          ['this checkout', repoRoot],
          [against, against],
        ]
      : [['this checkout', repoRoot]]) {
      const gatehouse = await startGatehouse(dir, [], root, `server-${servers.length}`);
      servers.push({ name: name ?? '', gatehouse, cookie: await setUpAccount(gatehouse) });
    }
    const runs: { name: string; figures: SessionFigures }[] = [];
    for (let turn = 0; turn < (against ? 2 : 1); turn += 1) {
      for (const { name, gatehouse, cookie } of servers) runs.push({ name, figures: await sessionFigures(gatehouse, cookie, seconds) });
    }
    return runs;
  } finally {
    for (const { gatehouse } of servers) await gatehouse.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printSession(figures: SessionFigures, seconds: number, name?: string): void {
  const { idle, busy, signins, signinsBeside, raw, concurrency, cpu, loadAverage } = figures;
  const failed = (rate: Rate) => (rate.failed > 0 ? `, ${rate.failed} failed` : '');
  console.log(
    `\nSession check and sign-in${name ? ` (${name})` : ''}, ${seconds} s a side in interleaved halves, ${connections} connections, ${availableParallelism()} cores, SQLite, Node ${process.version}, load average ${loadAverage.map((n) => n.toFixed(1)).join(' to ')}`,
  );
  console.log(`  GET /session idle                  ${idle.perSecond.toFixed(0).padStart(7)} req/s${failed(idle)}`);
  console.log(
    `  GET /session while sign-ins run    ${busy.perSecond.toFixed(0).padStart(7)} req/s${failed(busy)}: ${((busy.perSecond / idle.perSecond) * 100).toFixed(0)} % kept (target ≥ 50 %); sign-ins beside it ${signinsBeside.perSecond.toFixed(1)}/s${failed(signinsBeside)}`,
  );
  console.log(
    `  POST /signin ${signins.perSecond.toFixed(1)} req/s${failed(signins)}, raw argon2id verify ${raw.toFixed(1)}/s (${concurrency} at a time): ${(signins.perSecond / raw).toFixed(2)} (target ≥ 0.85)`,
  );
  if (cpu) {
    console.log(
      `  CPU per sign-in: server ${cpu.server.toFixed(2)} ms, load generator ${cpu.load.toFixed(2)} ms; per raw verify ${cpu.raw.toFixed(2)} ms: ${(cpu.raw / (cpu.server + cpu.load)).toFixed(2)}`,
    );
  }
}
