import { ConfigError } from '../config.ts';
import { keyFingerprint } from '../lib/secrets.ts';
import type { Db } from './database.ts';

const row = 'secret-key';

/**
 * Every instance on one database must hold the same key: codes one instance issued are checked
 * by another, and the outbox's mail sealed by one is sent by whichever polls first (decision 019).
 * The first start records the key's fingerprint; a start with another key is refused, saying
 * so, before it can queue a mail nobody else could open. An operator who changes the key on
 * purpose runs `npm run admin -- secret-key forget` first (mail queued under the old key and
 * codes issued under it are then unusable).
 */
export async function checkSharedKey(db: Db, key: string, now: string): Promise<void> {
  const fingerprint = keyFingerprint(key);
  await db
    .insertInto('server_keys')
    .values({ name: row, fingerprint, created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const kept = await db.selectFrom('server_keys').select('fingerprint').where('name', '=', row).executeTakeFirst();
  if (kept && kept.fingerprint !== fingerprint) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY: not the key this database was first used with. Every instance on one database must use the same SECRET_KEY (or the same data folder\'s secret-key file); to change the key on purpose, run "npm run admin -- secret-key forget" first.',
    );
  }
}

/** Forgets the recorded fingerprint: the next start records its own key. */
export async function forgetSharedKey(db: Db): Promise<boolean> {
  const result = await db.deleteFrom('server_keys').where('name', '=', row).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
