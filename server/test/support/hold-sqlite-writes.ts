// Loaded with `--import` into a server process that a test kills (durability.test.ts), never into
// the product. Once the process gets SIGUSR2, the next statement that writes a mail to the outbox
// stops the process where it stands: inside a sign-up's transaction, its account, consents and
// token written but not committed. It says so on stderr (a synchronous write), then waits until
// it is killed. node:sqlite runs on the event loop, so nothing else in the process moves either:
// every request sent after that point stays unanswered. This is what lets the test prove that
// its kill -9 lands while a transaction is open and requests are in flight, instead of hoping
// the timing works out.
import { writeSync } from 'node:fs';
import { StatementSync } from 'node:sqlite';

let armed = false;
process.on('SIGUSR2', () => {
  armed = true;
});

const run = StatementSync.prototype.run;
StatementSync.prototype.run = function (this: StatementSync, ...parameters: unknown[]) {
  if (armed && /^insert into "mail_outbox"/i.test(this.sourceSQL)) {
    writeSync(2, 'holding inside a transaction\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }
  return Reflect.apply(run, this, parameters);
} as StatementSync['run'];
