import type { AuditEntryView } from '@gatehouse/contract/browser';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { Translate } from '../i18n/index.tsx';
import { formatTime } from '../i18n/index.tsx';
import { Badge } from './badges.tsx';

/** The audit stream's columns, for the audit log and the health card's recent events. */
export function auditColumns(
  t: Translate,
  language: Parameters<typeof formatTime>[1],
  withAccount: boolean,
): ColumnDef<AuditEntryView, unknown>[] {
  return [
    {
      id: 'at',
      header: t('col.at'),
      enableSorting: false,
      cell: ({ row }) => <span className="nowrap">{formatTime(row.original.at, language)}</span>,
    },
    {
      id: 'type',
      header: t('col.type'),
      enableSorting: false,
      cell: ({ row }) => <code className="event-type">{row.original.type}</code>,
    },
    ...(withAccount
      ? [
          {
            id: 'account',
            header: t('col.account'),
            enableSorting: false,
            cell: ({ row }) =>
              row.original.accountId ? (
                <Link to={`/accounts/${encodeURIComponent(row.original.accountId)}`} className="mono-link">
                  {row.original.accountId.slice(0, 10)}…
                </Link>
              ) : (
                '—'
              ),
          } satisfies ColumnDef<AuditEntryView, unknown>,
        ]
      : []),
    {
      id: 'actor',
      header: t('col.actor'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.actor ? (
          <span className="actor">
            <Badge tone={row.original.actor.kind === 'operator' ? 'info' : 'neutral'}>{row.original.actor.kind}</Badge>{' '}
            {row.original.actor.name}
          </span>
        ) : (
          <span className="muted">{t('audit.self')}</span>
        ),
    },
    {
      id: 'reason',
      header: t('col.reason'),
      enableSorting: false,
      cell: ({ row }) => row.original.reason ?? <span className="muted">—</span>,
    },
    { id: 'ip', header: t('col.ip'), enableSorting: false, cell: ({ row }) => <span className="mono">{row.original.ip ?? '—'}</span> },
  ];
}
