import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

const postgresAdminUrl = 'postgres://postgres@127.0.0.1:5432/test';
let postgresReachable: Promise<boolean> | undefined;

async function canReachPostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The databases to run persistence tests on: SQLite always, PostgreSQL when it answers.
 * With REQUIRE_POSTGRES=1 (CI) an unreachable PostgreSQL fails the run instead of skipping.
 */
export async function dialects(): Promise<Dialect[]> {
  postgresReachable ??= canReachPostgres();
  if (await postgresReachable) return ['sqlite', 'postgres'];
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error('PostgreSQL at 127.0.0.1:5432 is required (REQUIRE_POSTGRES=1) but not reachable');
  console.log('# PostgreSQL not reachable at 127.0.0.1:5432: persistence tests run on SQLite only (skipped: postgres)');
  return ['sqlite'];
}

/** A fresh, empty database; returns its URL and a function that removes it. */
export async function freshDatabase(dialect: Dialect): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
    return { url: `file:${join(dir, 'test.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `gatehouse_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
