import { createServer } from 'node:net';
import { type App, type AppOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { type Dialect, freshDatabase } from './databases.ts';
import { TestClient } from './http-client.ts';
import { SmtpCapture } from './smtp.ts';

/** A clock tests can move forward, to step past expiries without waiting. */
export class TestClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface TestApp extends App {
  url: string;
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
  } = {},
): Promise<TestApp> {
  const smtp = new SmtpCapture();
  const smtpUrl = await smtp.start();
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await freshDatabase(options.dialect ?? 'sqlite');
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: database.url,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
    ...(options.productionArgon2 ? {} : { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' }),
    MAIL_POLL_MS: '100',
    ...options.env,
  });
  const clock = new TestClock();
  const app = await buildApp(config, { ...options.appOptions, clock });
  await app.app.listen({ port, host: '127.0.0.1' });
  const url = `http://localhost:${port}`;
  return {
    ...app,
    url,
    databaseUrl: database.url,
    smtp,
    clock,
    client: (headers) => new TestClient(url, headers),
    async stop() {
      await app.close();
      await smtp.stop();
      await database.drop();
    },
  };
}
