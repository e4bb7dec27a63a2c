import { fileURLToPath } from 'node:url';
import { type App, type AppOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { type Dialect, freshDatabase } from './databases.ts';
import { freePort } from './free-port.ts';
import { TestClient } from './http-client.ts';
import { SmtpCapture } from './smtp.ts';

const noWebBuild = fileURLToPath(new URL('./no-web-build/', import.meta.url));

/**
 * A clock tests can move forward, to step past expiries without waiting, and stop, so that the
 * test's own pace (slow on a busy machine) cannot carry it past an expiry either.
 */
export class TestClock implements Clock {
  offsetMs = 0;
  #stoppedAt: number | undefined;
  now(): Date {
    return new Date((this.#stoppedAt ?? Date.now()) + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Time stands still (but for advance) until resume(). */
  stop(): void {
    this.#stoppedAt ??= Date.now();
  }
  resume(): void {
    if (this.#stoppedAt !== undefined) this.offsetMs -= Date.now() - this.#stoppedAt;
    this.#stoppedAt = undefined;
  }
}

export interface TestApp extends App {
  url: string;
  /** The admin listener's origin (decision 059). */
  adminUrl: string;
  /** The DATABASE_URL of this app: another instance or the admin CLI can open the same database. */
  databaseUrl: string;
  smtp: SmtpCapture;
  clock: TestClock;
  client(headers?: Record<string, string>): TestClient;
  stop(): Promise<void>;
}

/**
 * The real server on a real port, on a fresh database, sending mail to a real SMTP listener.
 * Only the argon2 cost is lowered (through configuration, as an operator could).
 */
export async function startTestApp(
  options: {
    dialect?: Dialect;
    env?: Record<string, string>;
    /** Another instance on this database (left in place on stop) instead of a fresh one. */
    databaseUrl?: string;
    appOptions?: Omit<AppOptions, 'clock' | 'db'>;
    /** Keep the production argon2 cost (timing and memory tests) instead of the lowered one. */
    productionArgon2?: boolean;
    /**
     * Another instance's mail server (left running on stop). Instances on one database share the
     * outbox, so whichever polls first sends a mail: give a second instance the first one's.
     */
    smtp?: SmtpCapture;
  } = {},
): Promise<TestApp> {
  const smtp = options.smtp ?? new SmtpCapture();
  const smtpUrl = options.smtp ? `smtp://127.0.0.1:${options.smtp.port}` : await smtp.start();
  const stopSmtp = () => (options.smtp ? Promise.resolve() : smtp.stop());
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await freshDatabase(options.dialect ?? 'sqlite', { migrated: true });
  const clock = new TestClock();
  // The port is picked free, then bound: another process on this machine may take it in between,
  // so a lost race is tried again on another port.
  let port = 0;
  let app: App | undefined;
  for (let attempt = 1; !app; attempt += 1) {
    port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PORT: '0',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: database.url,
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'silent',
      ...(options.productionArgon2 ? {} : { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' }),
      MAIL_POLL_MS: '100',
      // No web build, whether or not one was made (CI builds the web app after these tests): a
      // test that serves pages brings its own WEB_ROOT.
      WEB_ROOT: noWebBuild,
      ...options.env,
    });
    let built: App;
    try {
      built = await buildApp(config, { ...options.appOptions, clock });
    } catch (error) {
      // Refused at start (a configuration only the database can judge): nothing left running.
      await stopSmtp();
      await database.drop();
      throw error;
    }
    try {
      await built.app.listen({ port, host: '127.0.0.1' });
      app = built;
    } catch (error) {
      await built.close();
      if (attempt >= 5 || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
  const url = `http://localhost:${port}`;
  await app.admin.listen({ port: 0, host: '127.0.0.1' });
  const adminAddress = app.admin.server.address();
  const adminUrl = `http://127.0.0.1:${typeof adminAddress === 'object' && adminAddress ? adminAddress.port : 0}`;
  return {
    ...app,
    url,
    adminUrl,
    databaseUrl: database.url,
    smtp,
    clock,
    client: (headers) => new TestClient(url, headers),
    async stop() {
      await app.close();
      await stopSmtp();
      await database.drop();
    },
  };
}

/**
 * An app that logs at LOG_LEVEL=info into `lines`, for the tests that prove a secret is never
 * logged: they run a flow through it, then search what it wrote.
 */
export function startLoggingTestApp(lines: string[]): Promise<TestApp> {
  return startTestApp({
    env: { LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' },
    appOptions: { logStream: { write: (line: string) => void lines.push(line) } },
  });
}

/** An app as most suites start one: behind a trusted proxy, so each simulated person comes from an address of its own. */
export function startBehindProxy(options: Parameters<typeof startTestApp>[0] = {}): Promise<TestApp> {
  return startTestApp({ ...options, env: { TRUST_PROXY: '127.0.0.1', ...options.env } });
}

/** That app and the hash of the password its seeded accounts share: hashed once, so seeding many stays fast. */
export async function startWithHash(dialect: Dialect | undefined, password: string): Promise<{ t: TestApp; hash: string }> {
  const t = await startBehindProxy({ dialect });
  return { t, hash: await t.deps.hasher.hash(password) };
}
