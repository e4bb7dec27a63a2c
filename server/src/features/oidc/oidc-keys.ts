import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { JWK } from 'oidc-provider';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { OidcKeyState } from '../../db/oidc-schema.ts';
import { type Clock, iso } from '../../lib/clock.ts';
import type { OidcVault } from './oidc-vault.ts';

interface KeyDeps {
  db: Db;
  clock: Clock;
  vault: OidcVault;
}

/** The published keys in the order oidc-provider wants them: it signs with the first (the active one). */
export interface SigningKeys {
  /** Changes whenever a key is added, activated or retired: the provider is rebuilt then. */
  version: string;
  jwks: JWK[];
}

const order: Record<OidcKeyState, number> = { active: 0, staged: 1, retired: 2 };

function sorted<T extends { state: OidcKeyState; created_at: string; kid: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => order[a.state] - order[b.state] || b.created_at.localeCompare(a.created_at) || a.kid.localeCompare(b.kid));
}

/**
 * Which keys, in which states (no secret read), and the brand hosts (each its own issuer): what
 * the providers and their discovery and JWKS answers are built from, in one small statement.
 */
export async function keysAndHosts(db: DbOrTx): Promise<{ version: string; brands: string[] }> {
  const rows = await db
    .selectFrom('oidc_keys')
    .select(['kid', 'state', 'created_at', sql<string | null>`null`.as('host')])
    .unionAll(
      db
        .selectFrom('brands')
        .select([sql<string>`''`.as('kid'), sql<OidcKeyState>`'retired'`.as('state'), sql<string>`''`.as('created_at'), 'host']),
    )
    .execute();
  const keys = rows.filter((row) => row.host === null);
  return {
    version: sorted(keys)
      .map((row) => `${row.kid}:${row.state}`)
      .join(','),
    brands: rows.flatMap((row) => (row.host === null ? [] : [row.host])),
  };
}

export async function loadSigningKeys(deps: KeyDeps): Promise<SigningKeys> {
  let rows = await deps.db.selectFrom('oidc_keys').selectAll().execute();
  if (!rows.some((row) => row.state === 'active')) {
    await insertKey(deps, 'active');
    rows = await deps.db.selectFrom('oidc_keys').selectAll().execute();
  }
  const ordered = sorted(rows);
  return {
    version: ordered.map((row) => `${row.kid}:${row.state}`).join(','),
    jwks: ordered.map((row) => deps.vault.open<JWK>(row.jwk)),
  };
}

async function insertKey(deps: KeyDeps, state: OidcKeyState, db: DbOrTx = deps.db): Promise<string> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(12).toString('base64url');
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const now = iso(deps.clock.now());
  await db
    .insertInto('oidc_keys')
    .values({ kid, jwk: deps.vault.seal(jwk), state, created_at: now, updated_at: now })
    .execute();
  return kid;
}

/** Publishes a new key that does not sign yet, so apps caching the JWKS know it before it is used. */
export function stageKey(deps: KeyDeps): Promise<string> {
  return insertKey(deps, 'staged');
}

/** The staged key signs from now on; the one before stays published to verify what it signed. */
export async function activateStagedKey(deps: KeyDeps): Promise<string | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const staged = await trx
      .selectFrom('oidc_keys')
      .select('kid')
      .where('state', '=', 'staged')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!staged) return undefined;
    const now = iso(deps.clock.now());
    await trx.updateTable('oidc_keys').set({ state: 'retired', updated_at: now }).where('state', '=', 'active').execute();
    await trx.updateTable('oidc_keys').set({ state: 'active', updated_at: now }).where('kid', '=', staged.kid).execute();
    return staged.kid;
  });
}

/** Stops publishing the retired keys: tokens they signed no longer verify. */
export async function retireKeys(db: DbOrTx): Promise<number> {
  const result = await db.deleteFrom('oidc_keys').where('state', '=', 'retired').executeTakeFirst();
  return Number(result.numDeletedRows);
}
