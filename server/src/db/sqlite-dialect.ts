import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';

// Kysely's SQLite dialect speaks the better-sqlite3 interface; node:sqlite differs only in
// taking parameters spread and in not accepting booleans. See docs/decisions/002.
function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}

class Statement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  readonly #database: DatabaseSync;

  constructor(database: DatabaseSync, statement: StatementSync) {
    this.#database = database;
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...parameters.map(toSqlite));
  }

  run(parameters: ReadonlyArray<unknown>) {
    const result = this.#statement.run(...parameters.map(toSqlite));
    return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    // A stream may still be open when the same query runs again: it gets a statement of its own.
    return this.#database.prepare(this.#statement.sourceSQL).iterate(...parameters.map(toSqlite));
  }
}

// The app runs a few dozen distinct queries: each is prepared once and reused, instead of being
// parsed and planned by SQLite on every call (that was an eighth of the work of GET /session).
const statementCacheSize = 500;

function statementCache(database: DatabaseSync) {
  const cache = new Map<string, Statement>();
  return (sql: string): Statement => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = new Statement(database, database.prepare(sql));
      // Bounded: the oldest goes first (SQL made with a varying number of parameters is the only way to grow).
      if (cache.size >= statementCacheSize) cache.delete(cache.keys().next().value ?? '');
      cache.set(sql, statement);
    }
    return statement;
  };
}

/** Opens a SQLite file for durability first: WAL with synchronous=FULL commits survive kill -9. */
export function openSqlite(path: string): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new DatabaseSync(path, { timeout: 5000 });
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  return database;
}

export function createSqliteDialect(path: string): SqliteDialect {
  return new SqliteDialect({
    database: async (): Promise<SqliteDatabase> => {
      const database = openSqlite(path);
      return { close: () => database.close(), prepare: statementCache(database) };
    },
  });
}
