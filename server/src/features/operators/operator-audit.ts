import { createHmac } from 'node:crypto';
import type { ActorKind } from '@gatehouse/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { OperatorActionsTable } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import type { Secrets } from '../../lib/secrets.ts';

/** Who did an operator's action: an operator (by account), an admin token, or the CLI on the server. */
export interface Actor {
  kind: ActorKind;
  id: string;
  name: string;
  /** The address the call came from; null from the CLI. */
  ip: string | null;
}

/** The CLI's actor: the machine's user that ran it (the one who had the shell). */
export function cliActor(): Actor {
  const user = process.env.SUDO_USER || process.env.USER || process.env.USERNAME || 'unknown';
  return { kind: 'cli', id: `cli:${user}`, name: user, ip: null };
}

export type OperatorActionType =
  | 'account_viewed'
  | 'account_disabled'
  | 'account_enabled'
  | 'sessions_ended'
  | 'verification_resent'
  | 'password_reset_sent'
  | 'two_factor_reset'
  | 'sign_in_pause_cleared'
  | 'license_created'
  | 'license_revoked'
  | 'license_extended'
  | 'team_viewed'
  | 'operator_granted'
  | 'operator_revoked'
  | 'admin_token_created'
  | 'admin_token_revoked'
  | 'webhook_endpoint_created'
  | 'webhook_endpoint_updated'
  | 'webhook_endpoint_disabled'
  | 'webhook_secret_rotated'
  | 'webhook_endpoint_removed'
  | 'webhook_test_sent'
  | 'webhook_events_replayed'
  | 'console_signed_in'
  | 'console_proof_given';

export interface NewAction {
  type: OperatorActionType;
  accountId: string | null;
  actor: Actor;
  reason: string | null;
  detail?: Record<string, unknown>;
  at: string;
}

/** What a row's hash covers: every column of the row but the hash itself. */
type ChainedFields = Omit<OperatorActionsTable, 'hash'>;

const chainKey = (secrets: Secrets) => secrets.subKey('operator audit chain');

/**
 * The row's hash: an HMAC under a key derived from SECRET_KEY over every field and the hash of
 * the row before, so whoever can write to the database but does not hold the key cannot mend
 * the chain after changing or removing a row (decision 061).
 */
function hashOf(key: Buffer, row: ChainedFields): string {
  const fields = [
    row.seq,
    row.id,
    row.at,
    row.type,
    row.account_id,
    row.actor_kind,
    row.actor_id,
    row.actor_name,
    row.ip,
    row.reason,
    row.detail,
    row.prev_hash,
  ];
  return createHmac('sha256', key).update(JSON.stringify(fields)).digest('base64url');
}

/**
 * Appends one operator's action to the chain, in the caller's transaction: the head row is
 * updated first, which holds its lock (PostgreSQL) or the write lock (SQLite) until the
 * transaction ends, so two actions never take the same place in the chain.
 */
export async function recordAction(trx: DbOrTx, secrets: Secrets, action: NewAction): Promise<void> {
  await trx.updateTable('audit_chain_head').set({ seq: sql<number>`seq` }).where('name', '=', 'operator_actions').execute();
  const head = await trx
    .selectFrom('audit_chain_head')
    .select(['seq', 'hash'])
    .where('name', '=', 'operator_actions')
    .executeTakeFirstOrThrow();
  const row: ChainedFields = {
    seq: Number(head.seq) + 1,
    id: newId(),
    at: action.at,
    type: action.type,
    account_id: action.accountId,
    actor_kind: action.actor.kind,
    actor_id: action.actor.id,
    actor_name: action.actor.name,
    ip: action.actor.ip,
    reason: action.reason,
    detail: action.detail ? JSON.stringify(action.detail) : null,
    prev_hash: head.hash,
  };
  const hash = hashOf(chainKey(secrets), row);
  await trx
    .insertInto('operator_actions')
    .values({ ...row, hash })
    .execute();
  await trx.updateTable('audit_chain_head').set({ seq: row.seq, hash }).where('name', '=', 'operator_actions').execute();
}

export interface ChainReport {
  ok: boolean;
  rows: number;
  head: { seq: number; hash: string };
  /** What is wrong, first break first: a row changed, a row missing, the end cut off. */
  problems: string[];
}

/** Walks the whole chain in order (`npm run admin -- audit verify`). */
export async function verifyChain(db: DbOrTx, secrets: Secrets): Promise<ChainReport> {
  const key = chainKey(secrets);
  const head = await db.selectFrom('audit_chain_head').select(['seq', 'hash']).where('name', '=', 'operator_actions').executeTakeFirst();
  const problems: string[] = [];
  let expectedSeq = 1;
  let prevHash = '';
  let rows = 0;
  const pageSize = 1000;
  for (let after = 0; ; ) {
    const page = await db.selectFrom('operator_actions').selectAll().where('seq', '>', after).orderBy('seq').limit(pageSize).execute();
    for (const stored of page) {
      const row = { ...stored, seq: Number(stored.seq) };
      rows += 1;
      if (row.seq !== expectedSeq) problems.push(`rows ${expectedSeq}${row.seq - 1 > expectedSeq ? `-${row.seq - 1}` : ''} are missing`);
      if (row.prev_hash !== prevHash && row.seq === expectedSeq) problems.push(`row ${row.seq} does not follow the row before it`);
      if (hashOf(key, row) !== row.hash) problems.push(`row ${row.seq} (${row.type} at ${row.at}) was changed`);
      expectedSeq = row.seq + 1;
      prevHash = row.hash;
      after = row.seq;
    }
    if (page.length < pageSize) break;
  }
  const headSeq = Number(head?.seq ?? 0);
  if (!head) problems.push('the chain head is missing');
  else if (headSeq !== expectedSeq - 1 || head.hash !== prevHash) {
    problems.push(
      headSeq > expectedSeq - 1 ? `rows ${expectedSeq}-${headSeq} at the end are missing` : 'the chain head does not match the last row',
    );
  }
  return { ok: problems.length === 0, rows, head: { seq: headSeq, hash: head?.hash ?? '' }, problems };
}
