import type { SignupState } from '@gatehouse/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';

/**
 * The tab that starts a sign-up sends a random secret of its own with it (`watch`), and asks
 * with it whether the address was confirmed on another device (decision 041). The sign-up's
 * answer is the same for every address. Only a pending account just mailed a link is watched,
 * so an address with an account stays "waiting" and the answer tells nothing about it (decision
 * 005).
 *
 * Anyone can type an address, so a watch belongs to its browser (the sign-up's answer puts it in
 * a cookie, and a watch is answered only to the browser holding it), and a pending account may
 * be watched by several browsers: its owner's and a stranger's. Only the owner opens the mailed
 * link, and the link says nothing of the browser that asked for it (only the newest one works,
 * whoever's sign-up sent it). So a watch is told of the link when it opens in the watch's own
 * browser, or anywhere while no other browser watches the address; when several do, a link
 * opened elsewhere tells none of them, as the server cannot know whose tab is the owner's.
 */
export const watchLifetimeMs = 24 * 3_600_000;

const oldestLive = (now: string) => iso(new Date(Date.parse(now) - watchLifetimeMs));

/**
 * A browser holds one watch (its cookie): a new sign-up from it, of any address and whatever
 * becomes of it, ends the watch it held, so signing the same address up again from one browser
 * is still one watch, followed from another device.
 */
export async function endBrowserWatches(trx: DbOrTx, watches: ReadonlyArray<string | undefined>): Promise<void> {
  const hashes = watches.filter((watch) => watch !== undefined).map(sha256);
  if (hashes.length > 0) await trx.deleteFrom('signup_watches').where('watch_hash', 'in', hashes).execute();
}

/** Keeps the watch of a sign-up just mailed a link. */
export async function keepWatch(trx: DbOrTx, accountId: string, watch: string, now: string): Promise<void> {
  // Watches past their lifetime answer nothing: they neither count as another browser nor stay.
  await trx.deleteFrom('signup_watches').where('account_id', '=', accountId).where('created_at', '<', oldestLive(now)).execute();
  await trx
    .insertInto('signup_watches')
    .values({ watch_hash: sha256(watch), account_id: accountId, created_at: now, verified_at: null })
    .execute();
}

/**
 * The mailed link was opened, in a browser holding `browserWatch` (its cookie) if any: tells the
 * watch of that browser, or else the only browser watching the address.
 */
export async function linkOpened(trx: DbOrTx, accountId: string, browserWatch: string | undefined, now: string): Promise<void> {
  const watches = await trx
    .selectFrom('signup_watches')
    .select(['watch_hash', 'verified_at'])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', oldestLive(now))
    .execute();
  const here = browserWatch ? sha256(browserWatch) : undefined;
  const told = watches.find((row) => row.watch_hash === here) ?? (watches.length === 1 ? watches[0] : undefined);
  if (!told || told.verified_at !== null) return;
  await trx.updateTable('signup_watches').set({ verified_at: now }).where('watch_hash', '=', told.watch_hash).execute();
}

/**
 * Waiting, verified (the link was opened for this watch, the password not yet set) or ready (a
 * password or passkey set since). `browserWatch` is the asking browser's cookie: a watch sent
 * from any other browser is waiting.
 */
export async function watchState(deps: Deps, watch: string, browserWatch: string | undefined, caller: Caller): Promise<SignupState> {
  await deps.limits.lookup(caller.ip);
  if (browserWatch !== watch) return 'waiting';
  const row = await deps.db
    .selectFrom('signup_watches')
    .innerJoin('accounts', 'accounts.id', 'signup_watches.account_id')
    .select(['signup_watches.created_at', 'signup_watches.verified_at', 'accounts.password_changed_at', 'accounts.disabled_at'])
    // A sign-up finished with a passkey instead of a password (decision 048) is set up too.
    .select((eb) =>
      eb
        .selectFrom('passkeys')
        .select((sub) => sub.fn.max('passkeys.created_at').as('at'))
        .whereRef('passkeys.account_id', '=', 'accounts.id')
        .as('passkey_at'),
    )
    .where('signup_watches.watch_hash', '=', sha256(watch))
    .executeTakeFirst();
  if (!row || row.disabled_at || row.created_at < oldestLive(iso(deps.clock.now())) || row.verified_at === null) return 'waiting';
  // The link was opened for this watch after it was kept, and the account can be set up only
  // after its link was opened: a password or passkey older than that is not this sign-up's.
  const verifiedAt = row.verified_at;
  const since = (at: string | null) => at !== null && at >= verifiedAt;
  return since(row.password_changed_at) || since(row.passkey_at) ? 'ready' : 'verified';
}
