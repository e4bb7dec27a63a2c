import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { type SqliteResult, statementRunner } from './sqlite-statements.ts';
import type { SqliteErrorShape, WorkerReply, WorkerRequest } from './sqlite-worker.ts';

// node:sqlite behind Kysely, off the event loop (docs/decisions/002 and 022):
// - one writer connection, in a worker thread: every write, every transaction (its reads too),
//   every raw statement. A commit's fsync (synchronous=FULL) blocks that thread, not HTTP;
// - one reader connection on the main thread, for plain SELECTs outside a transaction: WAL lets
//   it read the last commit while the writer works, without a message to another thread;
// - a lock, held from a connection's first write (or `begin`) until Kysely releases it, keeps
//   the single writer's statements from mixing: one transaction at a time, as before.

type Release = () => void;

/** A first-come, first-served lock: `acquire` resolves with the function that frees it. */
class WriteLock {
  #tail: Promise<unknown> = Promise.resolve();

  acquire(): Promise<Release> {
    const { promise: freed, resolve: release } = Promise.withResolvers<void>();
    const acquired = this.#tail.then(() => release);
    this.#tail = acquired.then(() => freed);
    return acquired;
  }
}

function sqliteError(shape: SqliteErrorShape): Error {
  const { message, ...fields } = shape;
  return Object.assign(new Error(message), fields);
}

/** The worker thread that owns the writer connection, and the queries waiting for its answers. */
class WriterThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, PromiseWithResolvers<SqliteResult>>();
  #nextId = 0;
  #stopped?: Error;
  readonly #exited: Promise<void>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: WorkerReply) => {
      if (!('id' in reply) || reply.id === undefined) return;
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#settled(reply.id);
      if ('error' in reply) waiting.reject(sqliteError(reply.error));
      else waiting.resolve(reply.result as SqliteResult);
    });
    worker.on('error', (error) => this.#stop(error));
    worker.once('exit', (code) => this.#stop(new Error(`the SQLite writer thread stopped (exit code ${code})`)));
  }

  static async start(path: string): Promise<WriterThread> {
    const worker = new Worker(new URL('./sqlite-worker.ts', import.meta.url), { workerData: { path } });
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if ('error' in reply) {
      await worker.terminate();
      throw sqliteError(reply.error);
    }
    // Idle, the thread keeps nothing alive; a query in flight does (see #settled).
    worker.unref();
    return new WriterThread(worker);
  }

  query(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<SqliteResult> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    const waiting = Promise.withResolvers<SqliteResult>();
    if (this.#pending.size === 0) this.#worker.ref();
    this.#pending.set(id, waiting);
    this.#worker.postMessage({ id, sql: sqlText, parameters } satisfies WorkerRequest);
    return waiting.promise;
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const [id, waiting] of this.#pending) {
      this.#settled(id);
      waiting.reject(this.#stopped);
    }
  }

  /** Closes the connection after the queries already sent, and waits for the thread to end. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#worker.ref();
    this.#worker.postMessage({ close: true } satisfies WorkerRequest);
    await this.#exited;
  }
}

/** The reader: the same file, on the main thread, refusing writes (they belong to the worker). */
function openReader(path: string): DatabaseSync {
  const database = new DatabaseSync(path, { timeout: 5000 });
  database.exec('PRAGMA query_only = ON');
  return database;
}

class SqliteConnection implements DatabaseConnection {
  readonly #writer: WriterThread;
  readonly #lock: WriteLock;
  readonly #read?: (sqlText: string, parameters: ReadonlyArray<unknown>) => SqliteResult;
  #holding?: Promise<Release>;

  constructor(writer: WriterThread, lock: WriteLock, read?: SqliteConnection['read']) {
    this.#writer = writer;
    this.#lock = lock;
    this.#read = read;
  }

  get read() {
    return this.#read;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { sql: sqlText, parameters, query } = compiled;
    if (this.#read && !this.#holding && SelectQueryNode.is(query)) return this.#read(sqlText, parameters) as QueryResult<R>;
    await this.hold();
    return (await this.#writer.query(sqlText, parameters)) as QueryResult<R>;
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiled);
    for (const row of rows) yield { rows: [row] };
  }

  /** Takes the writer for this connection until `release`: the single writer's rule. */
  async hold(): Promise<void> {
    this.#holding ??= this.#lock.acquire();
    await this.#holding;
  }

  async release(): Promise<void> {
    const holding = this.#holding;
    this.#holding = undefined;
    if (holding) (await holding)();
  }
}

class SqliteWorkerDriver implements Driver {
  readonly #path: string;
  readonly #lock = new WriteLock();
  #writer?: WriterThread;
  #reader?: DatabaseSync;
  #read?: SqliteConnection['read'];

  constructor(path: string) {
    this.#path = path;
  }

  async init(): Promise<void> {
    this.#writer = await WriterThread.start(this.#path);
    // An in-memory database lives in the writer's thread alone: everything goes there.
    if (this.#path !== ':memory:') {
      this.#reader = openReader(this.#path);
      this.#read = statementRunner(this.#reader);
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#writer) throw new Error('the SQLite driver is not initialised');
    return new SqliteConnection(this.#writer, this.#lock, this.#read);
  }

  // `immediate`: the transaction takes SQLite's write lock at its start, waiting for it (busy
  // timeout, in the writer's thread) while another connection to the file writes. A deferred one
  // would read first and could then be refused the upgrade at once (SQLITE_BUSY_SNAPSHOT) when
  // another connection committed in between, as several instances on one file do in parallel.
  async beginTransaction(connection: SqliteConnection): Promise<void> {
    await connection.hold();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: SqliteConnection): Promise<void> {
    await connection.release();
  }

  async destroy(): Promise<void> {
    this.#reader?.close();
    await this.#writer?.close();
  }
}

/**
 * SQLite as Kysely sees it: connections are cheap handles (the adapter says "several", so Kysely
 * takes no lock of its own), and the driver's write lock does what Kysely's would, for writes only.
 */
class SqliteWorkerAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }

  /** Migrations hold the writer from their first read of the migration tables to their end. */
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select 1`.execute(db);
  }
}

export function createSqliteDialect(path: string): Dialect {
  return {
    createAdapter: (): DialectAdapter => new SqliteWorkerAdapter(),
    createDriver: (): Driver => new SqliteWorkerDriver(path),
    createQueryCompiler: (): QueryCompiler => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => new SqliteIntrospector(db),
  };
}
