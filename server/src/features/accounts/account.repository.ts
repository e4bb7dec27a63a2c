import type { Language } from '@gatehouse/contract';
import { compiledOnce } from '../../db/compiled-query.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, AccountUpdate, ConsentsTable, NewAccount } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { createOwnTeam } from '../teams/team.repository.ts';

/** Mailbox owners type their address in any case; one account per address whatever the case. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}

const accountByEmailKey = compiledOnce((db: DbOrTx, key: string) => db.selectFrom('accounts').selectAll().where('email_key', '=', key));

/** Every sign-in starts with it (compiled once, decision 028). */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<Account | undefined> {
  const [account] = await accountByEmailKey(db, emailKey(email));
  return account;
}

export function findAccountById(db: DbOrTx, id: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What a sign-up knows of a new account; the rest starts empty. Every sign-up carries the data-processing consent. */
export type AccountStart = { email: string; locale: Language; now: string } & Partial<
  Pick<
    NewAccount,
    | 'email_verified_at'
    | 'password_hash'
    | 'password_changed_at'
    | 'first_name'
    | 'family_name'
    | 'marketing_consent_at'
    | 'analytics_consent_at'
  >
>;

/** Inserts unless the e-mail is taken (a concurrent sign-up); returns whichever row now holds it. */
export async function insertAccountOrGetExisting(db: DbOrTx, start: AccountStart): Promise<{ account: Account; created: boolean }> {
  const { email, locale, now, ...known } = start;
  const inserted = await db
    .insertInto('accounts')
    .values({
      id: newId(),
      email,
      email_key: emailKey(email),
      email_verified_at: null,
      password_hash: null,
      password_changed_at: null,
      first_name: null,
      family_name: null,
      locale,
      marketing_consent_at: null,
      analytics_consent_at: null,
      data_processing_consent_at: now,
      disabled_at: null,
      created_at: now,
      updated_at: now,
      ...known,
    })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    // Every account owns one team, made with it.
    await createOwnTeam(db, inserted.id, inserted.created_at);
    return { account: inserted, created: true };
  }
  const existing = await findAccountByEmail(db, email);
  if (!existing) throw new Error('account vanished between insert and select');
  return { account: existing, created: false };
}

export async function updateAccount(db: DbOrTx, id: string, patch: AccountUpdate): Promise<Account> {
  return db.updateTable('accounts').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Writes a change of the account's credentials (a password written or ended, the account
 * disabled): the generation moves on in the same statement, so every session started for the
 * credential before it is dead, wherever it was inserted from (decision 029).
 */
export async function updateCredential(db: DbOrTx, id: string, patch: AccountUpdate): Promise<Account> {
  return db
    .updateTable('accounts')
    .set((eb) => ({ ...patch, credential_generation: eb('credential_generation', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Holds the account's row until the transaction ends. Every transaction that writes one-time
 * tokens takes it first, so concurrent ones (several instances) queue up in one order and each
 * sees the tokens the previous one committed: no two live links of one purpose, no deadlock.
 */
export async function lockAccount(db: DbOrTx, id: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .execute();
}

/** One row of the consent ledger: who agreed (or declined) to what, when, under which policy version. */
export function consentRow(
  accountId: string,
  kind: ConsentsTable['kind'],
  granted: boolean,
  at: { now: string; policyVersion: string },
): ConsentsTable {
  return { id: newId(), account_id: accountId, kind, granted: granted ? 1 : 0, policy_version: at.policyVersion, created_at: at.now };
}

export async function insertConsents(db: DbOrTx, rows: ConsentsTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('consents').values(rows).execute();
}
