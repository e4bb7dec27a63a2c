import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

// What both SQLite connections share (the writer in its worker thread and the reader on the main
// thread, see sqlite-dialect.ts and docs/decisions/022): opening a file, and running a query
// through a statement prepared once.

/** Opens a SQLite file for durability first: WAL with synchronous=FULL commits survive kill -9. */
export function openSqlite(path: string): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new DatabaseSync(path, { timeout: 5000 });
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  return database;
}

/** A query's answer as Kysely wants it: rows of a reader, or what a writer changed. */
export interface SqliteResult {
  rows: unknown[];
  numAffectedRows?: bigint;
  insertId?: bigint;
}

// Kysely compiles for the better-sqlite3 interface; node:sqlite differs only in taking parameters
// spread and in not accepting booleans. See docs/decisions/002.
function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}

interface Prepared {
  statement: StatementSync;
  reader: boolean;
}

// The app runs a few dozen distinct queries: each is prepared once and reused, instead of being
// parsed and planned by SQLite on every call (that was an eighth of the work of GET /session).
const statementCacheSize = 500;

/** Runs queries on `database`, each through a statement prepared once (a bounded cache). */
export function statementRunner(database: DatabaseSync): (sql: string, parameters: ReadonlyArray<unknown>) => SqliteResult {
  const cache = new Map<string, Prepared>();
  const prepare = (sql: string): Prepared => {
    let prepared = cache.get(sql);
    if (!prepared) {
      const statement = database.prepare(sql);
      prepared = { statement, reader: statement.columns().length > 0 };
      // Bounded: the oldest goes first (SQL made with a varying number of parameters is the only way to grow).
      if (cache.size >= statementCacheSize) cache.delete(cache.keys().next().value ?? '');
      cache.set(sql, prepared);
    }
    return prepared;
  };
  return (sql, parameters) => {
    const { statement, reader } = prepare(sql);
    const values = parameters.map(toSqlite);
    if (reader) return { rows: statement.all(...values) };
    const { changes, lastInsertRowid } = statement.run(...values);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  };
}
