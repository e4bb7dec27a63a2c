import type { Kysely } from 'kysely';
import type { DbOrTx } from './database.ts';
import type { Database } from './schema.ts';

/** The columns of a table that hold a time or stay null until something happens once. */
type StampColumn<T extends keyof Database> = {
  [C in keyof Database[T] & string]: null extends Database[T][C] ? C : never;
}[keyof Database[T] & string];

type Column<T extends keyof Database> = keyof Database[T] & string;

/**
 * Stamps `column` with `now` on the rows where `by` is `value` and `column` is still unset, and
 * says whether this call was the one that did it. A token used, a challenge consumed, a license
 * revoked: of two concurrent calls only one sees `true`, since the condition and the write are
 * one statement. `alsoUnset` names columns that must be unset too (an invitation neither
 * accepted nor revoked).
 */
export async function stampOnce<T extends keyof Database>(
  db: DbOrTx,
  table: T,
  column: StampColumn<T>,
  now: string,
  by: Partial<Record<Column<T>, string>>,
  alsoUnset: readonly StampColumn<T>[] = [],
): Promise<boolean> {
  // Kysely cannot follow a table chosen by a type parameter; the signature above keeps the
  // names right, so the statement is built on the untyped view of the same connection.
  const loose = db as unknown as Kysely<Record<string, Record<string, string | null>>>;
  let query = loose.updateTable(table as string).set({ [column]: now });
  for (const [name, value] of Object.entries(by)) query = query.where(name, '=', value as string);
  for (const name of [column, ...alsoUnset]) query = query.where(name, 'is', null);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
