import { type Plan, plans, twoFactorGraceMaxDays } from '@gatehouse/contract';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { License } from '../../db/schema.ts';
import { addMs, type Clock, iso } from '../../lib/clock.ts';
import { findAccountById } from '../accounts/account.repository.ts';
import { findLicenseByAccount } from '../licenses/license.repository.ts';
import { licenseStatus } from '../licenses/license.service.ts';
import { findJoinedTeamLicenses, findOwnTeam } from '../teams/team.repository.ts';
import { accountTwoFactorStanding, twoFactorDeadline } from '../teams/team-two-factor.ts';
import { emitEvent } from './emit.ts';
import type { creationMethods, WebhookEventData } from './events.ts';
import { eraseAccountEvents } from './webhook.repository.ts';

/**
 * The events that follow from an account's state rather than from one call: written by the
 * actions that change that state, inside their transactions (decision 055).
 */
type Entitlements = Omit<WebhookEventData<'entitlements.changed'>, 'accountId'>;
const none: Entitlements = { plan: null, limits: null, source: 'none', teamId: null };

function accountFields(account: { id: string; email: string; first_name: string | null; family_name: string | null }) {
  return { accountId: account.id, email: account.email, firstName: account.first_name, familyName: account.family_name };
}

/**
 * `account.created`, once per account: when it first has a verified address and a way in (a
 * password, a provider, a passkey). The baseline of its entitlements is written with it, and
 * marks it announced, so a second way in later announces nothing.
 */
export async function announceAccountCreated(
  trx: DbOrTx,
  clock: Clock,
  accountId: string,
  method: (typeof creationMethods)[number],
): Promise<void> {
  const known = await trx.selectFrom('webhook_entitlements').select('account_id').where('account_id', '=', accountId).executeTakeFirst();
  if (known) return;
  const account = await findAccountById(trx, accountId);
  if (!account) return;
  await trx
    .insertInto('webhook_entitlements')
    .values({ account_id: accountId, value: JSON.stringify(none) })
    .execute();
  await emitEvent(trx, clock, 'account.created', { ...accountFields(account), locale: account.locale, method });
  await syncEntitlements(trx, clock, [accountId]);
}

/** `account.updated`: its address or names changed. */
export async function announceAccountUpdated(trx: DbOrTx, clock: Clock, accountId: string): Promise<void> {
  const account = await findAccountById(trx, accountId);
  if (account) await emitEvent(trx, clock, 'account.updated', accountFields(account));
}

function ownEntitlements(license: License): Entitlements {
  const plan = license.plan as Plan;
  return { plan, limits: { ...plans[plan] }, source: 'own', teamId: null };
}

/**
 * The plan an account works under now: its own active license, else the active license of the
 * team it joined first among those that have one (decision 021). Past a team's two-factor
 * deadline, an account without a second factor has neither that team's license nor, when the
 * team is its own, its own license: no session of it could get them (decision 047). A session of
 * an account with a factor that did not use it is withheld them too, but at the call: that is the
 * session's, and the account's entitlements stand.
 */
export async function effectiveEntitlements(db: DbOrTx, clock: Clock, accountId: string): Promise<Entitlements> {
  const now = clock.now();
  const { withheld, ownWithheld } = await accountTwoFactorStanding(db, accountId, now);
  const own = await findLicenseByAccount(db, accountId);
  if (own && !ownWithheld && licenseStatus(own, now) === 'active') return ownEntitlements(own);
  for (const row of await findJoinedTeamLicenses(db, accountId)) {
    const { teamId, teamName: _n, ownerEmail: _e, ownerFirstName: _f, ownerFamilyName: _g, ...license } = row;
    if (!withheld.has(teamId) && licenseStatus(license, now) === 'active') return { ...ownEntitlements(license), source: 'team', teamId };
  }
  return none;
}

/**
 * `entitlements.changed` for each of these accounts whose effective plan differs from what the
 * monitoring backend was last told, whatever made it differ (decision 055).
 */
export async function syncEntitlements(trx: DbOrTx, clock: Clock, accountIds: Iterable<string>): Promise<void> {
  for (const accountId of new Set(accountIds)) {
    const current = await effectiveEntitlements(trx, clock, accountId);
    const value = JSON.stringify(current);
    const stored = await trx.selectFrom('webhook_entitlements').select('value').where('account_id', '=', accountId).executeTakeFirst();
    if (stored?.value === value) continue;
    // From the value read: of two instances syncing the same account at once (a deadline both
    // workers saw), one writes the change and sends it.
    const written = stored
      ? await trx
          .updateTable('webhook_entitlements')
          .set({ value })
          .where('account_id', '=', accountId)
          .where('value', '=', stored.value)
          .returning('account_id')
          .executeTakeFirst()
      : await trx
          .insertInto('webhook_entitlements')
          .values({ account_id: accountId, value })
          .onConflict((oc) => oc.column('account_id').doNothing())
          .returning('account_id')
          .executeTakeFirst();
    if (!written) continue;
    if (stored || current.source !== 'none') await emitEvent(trx, clock, 'entitlements.changed', { accountId, ...current });
  }
}

/** The account and, when it owns a team, the team's members: a team's license is its owner's. */
export async function holderAndTeam(db: DbOrTx, accountId: string): Promise<string[]> {
  const own = await findOwnTeam(db, accountId);
  if (!own) return [accountId];
  const members = await db.selectFrom('team_members').select('account_id').where('team_id', '=', own.id).execute();
  return [accountId, ...members.map((row) => row.account_id)];
}

/**
 * A team's two-factor deadline is a moment, as an expiry is: the webhook worker looks once a
 * minute for the teams whose deadline passed since its last look (every passed one at its first)
 * and syncs the entitlements of their owner and members; each team in a transaction of its own.
 */
export async function syncPassedTwoFactorDeadlines(db: Db, clock: Clock, since: Date | undefined): Promise<void> {
  const now = iso(clock.now());
  const from = since && iso(addMs(since, -twoFactorGraceMaxDays * 86_400_000));
  const teams = await db
    .selectFrom('teams')
    .select(['owner_account_id', 'two_factor_required_at', 'two_factor_grace_days'])
    .where('two_factor_required_at', 'is not', null)
    .where('two_factor_required_at', '<=', now)
    .$if(from !== undefined, (query) => query.where('two_factor_required_at', '>', from ?? ''))
    .execute();
  for (const team of teams) {
    const deadline = twoFactorDeadline(team);
    if (!deadline || deadline > now || (since && deadline <= iso(since))) continue;
    await db.transaction().execute(async (trx) => syncEntitlements(trx, clock, await holderAndTeam(trx, team.owner_account_id)));
  }
}

/**
 * `license.expired` for each license that expired since the last look, once, with the
 * entitlements it changes. Run by the webhook worker; each license in a transaction of its own.
 */
export async function announceExpiries(db: Db, clock: Clock): Promise<number> {
  const now = iso(clock.now());
  const expired = await db
    .selectFrom('licenses')
    .select(['id', 'account_id', 'plan'])
    .where('expires_at', '<=', now)
    .where('account_id', 'is not', null)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_expiries').select('license_id').whereRef('license_id', '=', 'licenses.id'))))
    .limit(100)
    .execute();
  for (const license of expired) {
    const accountId = license.account_id;
    if (!accountId) continue;
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('webhook_expiries')
        .values({ license_id: license.id, created_at: now })
        .onConflict((oc) => oc.column('license_id').doNothing())
        .returning('license_id')
        .executeTakeFirst();
      // Another instance announced it meanwhile.
      if (!inserted) return;
      await emitEvent(trx, clock, 'license.expired', { accountId, licenseId: license.id, plan: license.plan });
      await syncEntitlements(trx, clock, await holderAndTeam(trx, accountId));
    });
  }
  return expired.length;
}

/**
 * `account.deleted`, the last event of an account. Its events are erased at once when no
 * endpoint is owed one, else when the last is delivered or given up (the worker).
 */
export async function announceAccountDeleted(trx: DbOrTx, clock: Clock, accountId: string): Promise<void> {
  await emitEvent(trx, clock, 'account.deleted', { accountId });
  await eraseAccountEvents(trx, accountId);
}

/**
 * The team events of an account's deletion, read before its data is erased and written after:
 * each member of its own team removed, the team deleted, the account gone from the teams it had
 * joined, and the plans of the former members as they are without the team.
 */
export async function teamEventsOfDeletion(trx: DbOrTx, clock: Clock, accountId: string): Promise<{ afterErase(): Promise<void> }> {
  const own = await findOwnTeam(trx, accountId);
  const members = own
    ? (
        await trx
          .selectFrom('team_members')
          .select('account_id')
          .where('team_id', '=', own.id)
          .where('account_id', '!=', accountId)
          .execute()
      ).map((row) => row.account_id)
    : [];
  const joined = await trx
    .selectFrom('team_members')
    .select('team_id')
    .where('account_id', '=', accountId)
    .$if(own !== undefined, (query) => query.where('team_id', '!=', own?.id ?? ''))
    .execute();
  return {
    async afterErase() {
      for (const { team_id: teamId } of joined) await emitEvent(trx, clock, 'team.member_removed', { accountId, teamId, reason: 'left' });
      if (own) {
        for (const member of members)
          await emitEvent(trx, clock, 'team.member_removed', { accountId: member, teamId: own.id, reason: 'team_deleted' });
        await emitEvent(trx, clock, 'team.deleted', { accountId, teamId: own.id });
      }
      await trx.deleteFrom('webhook_entitlements').where('account_id', '=', accountId).execute();
      await syncEntitlements(trx, clock, members);
    },
  };
}
