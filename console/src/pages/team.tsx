import type { AdminTeamView } from '@gatehouse/contract/browser';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Badge, ErrorAlert, PageHeader } from '../components/badges.tsx';
import { DataTable } from '../components/data-table.tsx';
import { formatTime, useI18n } from '../i18n/index.tsx';
import { useFetch } from '../lib/use-fetch.ts';

type Member = AdminTeamView['members'][number];
type Invitation = AdminTeamView['pendingInvitations'][number];

export function TeamPage() {
  const { id = '' } = useParams();
  const { t, language } = useI18n();
  const { data, error, loading } = useFetch<{ data: AdminTeamView }>(`/admin/v1/teams/${encodeURIComponent(id)}`);

  const members = useMemo<ColumnDef<Member, unknown>[]>(
    () => [
      {
        id: 'email',
        header: t('col.email'),
        enableSorting: false,
        cell: ({ row }) => (
          <Link to={`/accounts/${encodeURIComponent(row.original.accountId)}`} className="strong-link">
            {row.original.email}
          </Link>
        ),
      },
      { id: 'role', header: t('col.role'), enableSorting: false, cell: ({ row }) => row.original.role },
      { id: 'joinedAt', header: t('col.joinedAt'), enableSorting: false, cell: ({ row }) => formatTime(row.original.joinedAt, language) },
      {
        id: 'secondFactor',
        header: t('col.secondFactor'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.meetsTwoFactorRule ? (
            <Badge tone="good">{t('team.meetsRule')}</Badge>
          ) : (
            <Badge tone="warn">{t('team.missesRule')}</Badge>
          ),
      },
    ],
    [t, language],
  );
  const invitations = useMemo<ColumnDef<Invitation, unknown>[]>(
    () => [
      { id: 'email', header: t('col.email'), enableSorting: false, cell: ({ row }) => row.original.email },
      { id: 'role', header: t('col.role'), enableSorting: false, cell: ({ row }) => row.original.role },
      { id: 'invitedBy', header: t('col.invitedBy'), enableSorting: false, cell: ({ row }) => row.original.invitedBy ?? '—' },
      {
        id: 'expiresAt',
        header: t('col.expiresAt'),
        enableSorting: false,
        cell: ({ row }) => formatTime(row.original.expiresAt, language),
      },
    ],
    [t, language],
  );

  if (error) {
    return <ErrorAlert error={error} {...(error.status === 404 ? { text: t('team.notFound') } : {})} />;
  }
  if (!data) return <p className="muted">{loading ? t('table.loading') : ''}</p>;
  const team = data.data;
  return (
    <section aria-labelledby="team-title">
      <PageHeader
        title={<span id="team-title">{team.name ?? t('team.unnamed', { owner: team.ownerName })}</span>}
        lead={
          <>
            {t('team.owner')}:{' '}
            <Link to={`/accounts/${encodeURIComponent(team.ownerId)}`} className="strong-link">
              {team.ownerName}
            </Link>{' '}
            · {t('card.createdAt')} {formatTime(team.createdAt, language)}
          </>
        }
      />
      <section className="panel" aria-labelledby="team-rule">
        <h2 id="team-rule">{t('team.rule')}</h2>
        <p>{team.twoFactor.required ? t('team.ruleRequired', { days: team.twoFactor.graceDays }) : t('team.ruleOff')}</p>
      </section>
      <section className="panel wide-panel" aria-labelledby="team-members">
        <h2 id="team-members">{t('team.members')}</h2>
        <DataTable caption={t('team.members')} columns={members} rows={team.members} rowKey={(row) => row.accountId} />
      </section>
      <section className="panel wide-panel" aria-labelledby="team-invitations">
        <h2 id="team-invitations">{t('team.invitations')}</h2>
        <DataTable caption={t('team.invitations')} columns={invitations} rows={team.pendingInvitations} rowKey={(row) => row.id} />
      </section>
    </section>
  );
}
