// The SQLite writer's thread (docs/decisions/022): it owns the one connection that writes, so a
// commit's fsync (synchronous=FULL) blocks this thread, never the event loop that answers HTTP.
// Queries arrive one at a time, in the order sent; transactions are the sender's business (it
// holds a lock from `begin` to `commit`/`rollback`, see sqlite-dialect.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite, statementRunner } from './sqlite-statements.ts';

export type WorkerRequest = { id: number; sql: string; parameters: ReadonlyArray<unknown> } | { close: true };
export type WorkerReply = { ready: true } | { id: number; result: unknown } | { id?: number; error: SqliteErrorShape };

/** What crosses the thread boundary of an error: node:sqlite's own fields, kept for callers and logs. */
export interface SqliteErrorShape {
  message: string;
  code?: string;
  errcode?: number;
  errstr?: string;
}

function errorShape(error: unknown): SqliteErrorShape {
  const { message, code, errcode, errstr } = error as Error & Partial<SqliteErrorShape>;
  return { message: String(message ?? error), code, errcode, errstr };
}

const port = parentPort;
if (port) {
  try {
    const database = openSqlite(String(workerData.path));
    const run = statementRunner(database);
    port.on('message', (request: WorkerRequest) => {
      if ('close' in request) {
        database.close();
        port.close();
        return;
      }
      let reply: WorkerReply;
      try {
        reply = { id: request.id, result: run(request.sql, request.parameters) };
      } catch (error) {
        reply = { id: request.id, error: errorShape(error) };
      }
      port.postMessage(reply);
    });
    port.postMessage({ ready: true } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({ error: errorShape(error) } satisfies WorkerReply);
  }
}
