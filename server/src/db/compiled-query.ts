import type { Compilable, CompiledQuery } from 'kysely';
import type { DbOrTx } from './database.ts';

/**
 * A query the hot path runs on every request (GET /session and every signed-in call), built and
 * compiled by Kysely once per database instead of on every call: only its parameters change.
 * Building and compiling a query took a fifth of the main thread's time under a load of session
 * checks (decision 028); SQLite then runs it through a statement it prepared once.
 *
 * `build` receives a placeholder for each argument; the compiled parameters that are
 * placeholders are replaced by the call's arguments, every other parameter (a constant of the
 * query, such as a role name) stays as compiled. The placeholders start with a NUL character,
 * which no argument a caller passes can hold.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: DbOrTx, ...args: { [K in keyof Args]: string }) => Compilable<Row>,
): (db: DbOrTx, ...args: Args) => Promise<Row[]> {
  // build.length counts the database too; every argument after it is a placeholder.
  const placeholders = Array.from({ length: build.length - 1 }, (_, i) => `\0compiled-query-argument-${i}`);
  // Per database, by its dialect's adapter: a transaction, a new object each time, shares the
  // adapter of its database and so the compiled query too (the sign-in's statements run in one).
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return async (db, ...args) => {
    const key = db.getExecutor().adapter;
    let query = compiled.get(key);
    if (!query) {
      query = build(db, ...(placeholders as { [K in keyof Args]: string })).compile();
      compiled.set(key, query);
    }
    const parameters = query.parameters.map((parameter) => {
      const index = typeof parameter === 'string' ? placeholders.indexOf(parameter) : -1;
      return index === -1 ? parameter : args[index];
    });
    // The compiled query keeps its node: a plain select outside a transaction is answered by
    // SQLite's reader, anything else by its writer (decision 022).
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
