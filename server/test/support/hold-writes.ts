// Loaded with `--import` into a server process that a test kills (durability.test.ts), never into
// the product. Once the process gets SIGUSR2, every statement that would write a mail to the
// outbox stops where it stands: inside a sign-up's transaction, with its account, consents and
// token written but not committed. Each says so on stderr (a synchronous write). This is what
// lets the test prove that its kill -9 lands while transactions are open and requests are in
// flight, instead of hoping the timing works out; nothing here depends on how fast the machine is.
//
// - SQLite (node:sqlite in the writer's worker thread, docs/decisions/022): the statement blocks
//   that thread until the process is killed, so exactly one transaction is open (it holds the
//   write lock) and every other sign-up waits unanswered for the writer.
// - PostgreSQL (pg): the statement is never sent and never answers, so no client timeout runs;
//   each sign-up that reaches it keeps its transaction open ("idle in transaction").
// `--import` loads this file into every thread; signals reach the main thread only, which passes
// the word on to the others through a broadcast channel.
import { writeSync } from 'node:fs';
import { StatementSync } from 'node:sqlite';
import { BroadcastChannel, isMainThread } from 'node:worker_threads';
import pg from 'pg';

let armed = false;
const channel = new BroadcastChannel('gatehouse-test-hold-writes');
channel.unref();
if (isMainThread) {
  process.on('SIGUSR2', () => {
    armed = true;
    channel.postMessage('hold');
  });
} else {
  channel.onmessage = () => {
    armed = true;
  };
}

const writesMail = (sql: string) => armed && /^insert into "mail_outbox"/i.test(sql);
const holding = () => writeSync(2, 'holding inside a transaction\n');

const run = StatementSync.prototype.run;
StatementSync.prototype.run = function (this: StatementSync, ...parameters: unknown[]) {
  if (writesMail(this.sourceSQL)) {
    holding();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }
  return Reflect.apply(run, this, parameters);
} as StatementSync['run'];

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (typeof args[0] === 'string' && writesMail(args[0])) {
    holding();
    return new Promise(() => {});
  }
  return Reflect.apply(query, this, args);
} as typeof query;
