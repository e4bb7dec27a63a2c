import { type Kysely, sql } from 'kysely';

// CORS asks "is this origin registered by an active installation?" on every cross-origin
// request: one indexed row per (panel, origin) answers it without a cache, so a revocation
// takes effect at once on every instance. `panels.origins` stays as the list the CLI printed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('panel_origins')
    .addColumn('panel_id', 'text', (c) => c.notNull().references('panels.id').onDelete('cascade'))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('panel_origins_pk', ['panel_id', 'origin'])
    .execute();
  await db.schema.createIndex('panel_origins_origin_idx').on('panel_origins').column('origin').execute();
  const panels = await sql<{ id: string; origins: string }>`select id, origins from panels`.execute(db);
  for (const panel of panels.rows) {
    for (const origin of new Set(JSON.parse(panel.origins) as string[])) {
      await sql`insert into panel_origins (panel_id, origin) values (${panel.id}, ${origin})`.execute(db);
    }
  }
}
