import type { DbOrTx } from '../../db/database.ts';
import type { Brand, BrandsTable } from '../../db/schema.ts';

export function findBrandByHost(db: DbOrTx, host: string): Promise<Brand | undefined> {
  return db.selectFrom('brands').selectAll().where('host', '=', host).executeTakeFirst();
}

export async function upsertBrand(db: DbOrTx, brand: BrandsTable): Promise<void> {
  const { host, ...rest } = brand;
  await db
    .insertInto('brands')
    .values(brand)
    .onConflict((oc) => oc.column('host').doUpdateSet(rest))
    .execute();
}
