import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { createDatabase, migrate } from '../../src/db/database.ts';

export type Dialect = 'sqlite' | 'postgres';

const postgresAdminUrl = 'postgres://postgres@127.0.0.1:5432/test';
let postgresReachable: Promise<boolean> | undefined;

/** Three tries of 3 s each: a loaded machine (CI, two cores) can be slow to answer once. */
async function canReachPostgres(): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      await client.end().catch(() => {});
    }
  }
  return false;
}

/**
 * The databases a suite runs on (decision 054). The persistence suite (repositories, migrations,
 * locks and races, erasure, durability, several instances) runs on SQLite and on PostgreSQL when
 * it answers; with REQUIRE_POSTGRES=1 (CI) an unreachable PostgreSQL fails the run instead. A
 * behaviour suite (what the HTTP API answers and does) runs on SQLite: its rules sit above the
 * database, which the persistence suite proves the same on both; ALL_DATABASES=1 runs it on both.
 */
export async function dialects(suite: 'persistence' | 'behaviour'): Promise<Dialect[]> {
  if (suite === 'behaviour' && process.env.ALL_DATABASES !== '1') return ['sqlite'];
  postgresReachable ??= canReachPostgres();
  if (await postgresReachable) return ['sqlite', 'postgres'];
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error('PostgreSQL at 127.0.0.1:5432 is required (REQUIRE_POSTGRES=1) but not reachable');
  console.log('# PostgreSQL not reachable at 127.0.0.1:5432: persistence tests run on SQLite only (skipped: postgres)');
  return ['sqlite'];
}

/** PostgreSQL's answer when a database to copy, rename or drop still has connections. */
const inUse = (error: unknown) => (error as { code?: string }).code === '55006';

/** Runs a statement that needs the database it names without connections: tries again (up to 5 s) while it has some. */
async function whenUnused(client: pg.Client, statement: string): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      await client.query(statement);
      return;
    } catch (error) {
      if (!inUse(error) || i >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
const databaseModule = fileURLToPath(new URL('../../src/db/database.ts', import.meta.url));
let template: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration applied, which the fresh migrated databases are
 * copies of (CREATE DATABASE … TEMPLATE): a copy costs what an empty database does, and the app
 * finds nothing left to migrate. It is named after the migrations (their files and their list),
 * made once by whichever test process needs it first (under an advisory lock), and kept for the
 * next run; nobody may connect to it, so copying it never finds it in use. Migrating from
 * nothing is still tested: on every template made, and in the tests that ask for an empty database.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256').update(readFileSync(databaseModule));
    for (const file of readdirSync(migrationsFolder).sort()) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
    const name = `gatehouse_template_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (existing.rowCount === 0) {
        const building = `${name}_${process.pid}`;
        await admin.query(`drop database if exists ${building}`);
        await admin.query(`create database ${building}`);
        const db = createDatabase(loadConfig({ DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${building}` }).database);
        try {
          await migrate(db);
        } finally {
          await db.destroy();
        }
        await whenUnused(admin, `alter database ${building} rename to ${name}`);
        await admin.query(`alter database ${name} with allow_connections false`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
      await admin.end();
    }
  })();
  return template;
}

/**
 * A fresh database; returns its URL and a function that removes it. Empty, or with `migrated`
 * every migration applied already (on PostgreSQL a copy of the migrated template, made in a
 * fraction of the migrations' time; SQLite files stay empty, its migrations are quick).
 */
export async function freshDatabase(
  dialect: Dialect,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
    return { url: `file:${join(dir, 'test.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `gatehouse_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const from = migrated ? await migratedTemplate() : undefined;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${from ? ` template ${from}` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      try {
        // A closed pool has asked its connections to end, but the server may not have seen it
        // yet: forcing them out now would hit an idle client with an error nobody listens to.
        // So wait (up to 5 s) for them to leave, and force only what is left after that.
        for (let i = 0; i < 50; i += 1) {
          try {
            await client.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
