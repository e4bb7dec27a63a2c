import { compiledOnce } from '../../db/compiled-query.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { License, LicensesTable } from '../../db/schema.ts';
import { stampOnce } from '../../db/stamp-once.ts';

export async function insertLicense(db: DbOrTx, license: LicensesTable): Promise<void> {
  await db.insertInto('licenses').values(license).execute();
}

export function findLicenseByHash(db: DbOrTx, keyHash: string): Promise<License | undefined> {
  return db.selectFrom('licenses').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

const licenseOfAccount = compiledOnce((db: DbOrTx, accountId: string) =>
  db.selectFrom('licenses').selectAll().where('account_id', '=', accountId).limit(1),
);

/** The account's license (GET /session asks on every call: compiled once). */
export async function findLicenseByAccount(db: DbOrTx, accountId: string): Promise<License | undefined> {
  return (await licenseOfAccount(db, accountId))[0];
}

/** Assigns a free license; false when somebody else took it first (the race is settled here). */
export async function assignLicense(db: DbOrTx, id: string, accountId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('licenses')
    .set({ account_id: accountId, activated_at: now })
    .where('id', '=', id)
    .where('account_id', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function revokeLicenseByHash(db: DbOrTx, keyHash: string, now: string): Promise<boolean> {
  return stampOnce(db, 'licenses', 'revoked_at', now, { key_hash: keyHash });
}

export function listLicenses(db: DbOrTx) {
  return db
    .selectFrom('licenses')
    .leftJoin('accounts', 'accounts.id', 'licenses.account_id')
    .select([
      'licenses.key_suffix',
      'licenses.plan',
      'licenses.kind',
      'licenses.panel_id',
      'licenses.revoked_at',
      'licenses.expires_at',
      'licenses.activated_at',
      'licenses.created_at',
      'accounts.email',
    ])
    .orderBy('licenses.created_at')
    .execute();
}
