import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import type { Dialect } from './databases.ts';

/**
 * Makes the database refuse inserts into a table (those matching `when`, an SQL condition on
 * NEW), until the returned function is called: a way to prove that a write happens in the same
 * transaction as another (when it fails, neither is kept).
 */
export async function refuseInserts(db: Db, dialect: Dialect, table: string, when = 'true'): Promise<() => Promise<void>> {
  const name = `refuse_${table}`;
  if (dialect === 'sqlite') {
    await sql
      .raw(`create trigger ${name} before insert on ${table} when ${when} begin select raise(abort, 'refused by the test'); end`)
      .execute(db);
    return async () => void (await sql.raw(`drop trigger ${name}`).execute(db));
  }
  await sql
    .raw(`create or replace function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`)
    .execute(db);
  await sql.raw(`create trigger ${name} before insert on ${table} for each row when (${when}) execute function ${name}()`).execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    await sql.raw(`drop function ${name}()`).execute(db);
  };
}
