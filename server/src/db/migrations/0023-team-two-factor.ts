import type { Kysely } from 'kysely';

// A team that requires two-factor (decision 047): since when (null: not required) and the grace
// period in days its members have from then. The deadline is computed from both at every
// request, so a change of either takes effect at the next one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').addColumn('two_factor_required_at', 'text').execute();
  await db.schema
    .alterTable('teams')
    .addColumn('two_factor_grace_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
}
