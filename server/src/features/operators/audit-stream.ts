import type { AdminPage, AuditEntryView } from '@gatehouse/contract';
import type { Db } from '../../db/database.ts';

export interface AuditFilter {
  accountId?: string;
  /** An operator's account id, a token's id, or a name (an operator's address, a token's name, a CLI user). */
  actor?: string;
  type?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** `actor` is null for what the customer (or someone trying their account) did. */
export type AuditEntry = AuditEntryView;

function customerEvents(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('auth_events');
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  if (filter.type) query = query.where('type', '=', filter.type as never);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  return query;
}

function operatorActions(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('operator_actions');
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.actor) {
    const actor = filter.actor;
    query = query.where((eb) => eb.or([eb('actor_id', '=', actor), eb('actor_name', '=', actor)]));
  }
  return query;
}

/**
 * Customers' events and operators' actions in one stream, newest first (GET /admin/v1/audit).
 * Each source is read in order up to the page's end and the two are merged: a page costs two
 * indexed reads of at most page × size rows. Filtering by actor leaves the customers' events out.
 */
export async function auditStream(db: Db, filter: AuditFilter): Promise<AdminPage<AuditEntry>> {
  const upTo = filter.page * filter.pageSize;
  const withCustomers = filter.actor === undefined;
  const [events, actions, eventCount, actionCount] = await Promise.all([
    withCustomers ? customerEvents(db, filter).selectAll().orderBy('created_at', 'desc').orderBy('id').limit(upTo).execute() : [],
    operatorActions(db, filter).selectAll().orderBy('at', 'desc').orderBy('seq', 'desc').limit(upTo).execute(),
    withCustomers
      ? customerEvents(db, filter)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirst()
      : { n: 0 },
    operatorActions(db, filter)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst(),
  ]);
  const merged: AuditEntry[] = [
    ...events.map((row) => ({
      id: row.id,
      at: row.created_at,
      type: row.type,
      accountId: row.account_id,
      actor: null,
      ip: row.ip,
      reason: null,
      source: 'customer' as const,
    })),
    ...actions.map((row) => ({
      id: row.id,
      at: row.at,
      type: row.type,
      accountId: row.account_id,
      actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
      ip: row.ip,
      reason: row.reason,
      source: 'operator' as const,
    })),
  ].sort((a, b) => (a.at === b.at ? (a.source === b.source ? 0 : a.source === 'operator' ? -1 : 1) : a.at < b.at ? 1 : -1));
  return {
    data: merged.slice(upTo - filter.pageSize, upTo),
    paging: { page: filter.page, pageSize: filter.pageSize, total: Number(eventCount?.n ?? 0) + Number(actionCount?.n ?? 0) },
  };
}

const csvCell = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet (CSV injection): quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function toCsv(header: string[], rows: unknown[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function auditCsv(entries: AuditEntry[]): string {
  return toCsv(
    ['at', 'type', 'accountId', 'actorKind', 'actorId', 'actorName', 'ip', 'reason', 'source'],
    entries.map((e) => [e.at, e.type, e.accountId, e.actor?.kind, e.actor?.id, e.actor?.name, e.ip, e.reason, e.source]),
  );
}

export function auditJsonl(entries: AuditEntry[]): string {
  return entries.map((entry) => JSON.stringify(entry)).join('\n') + (entries.length ? '\n' : '');
}

/** The most rows one export holds; narrower filters (from, to) give the rest. */
export const exportLimit = 50_000;
