import { type AdminPage, type LicenseDeskRow, licenseStatuses, planNames } from '@gatehouse/contract/browser';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useMemo } from 'react';
import { Link } from 'react-router';
import { Badge, ErrorAlert, PageHeader } from '../components/badges.tsx';
import { DataTable } from '../components/data-table.tsx';
import { formatTime, useI18n } from '../i18n/index.tsx';
import { query } from '../lib/api.ts';
import { useListState } from '../lib/search-state.ts';
import { useFetch } from '../lib/use-fetch.ts';

const tone = { active: 'good', expired: 'warn', revoked: 'bad', available: 'neutral' } as const;

/** 30 days from now, at the end of that day: "expiring in 30 days". */
const in30Days = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

export function LicensesPage() {
  const { t, language } = useI18n();
  const { params, page, sort, set } = useListState({ sort: 'createdAt', order: 'desc' });
  const expiring = params.get('expiring') === '30';
  const filter = {
    plan: params.get('plan') ?? '',
    status: expiring ? 'active' : (params.get('status') ?? ''),
    q: params.get('q') ?? '',
    expiresBefore: expiring ? in30Days() : '',
  };
  const path = `/admin/v1/licenses${query({ ...filter, page, pageSize: 25, sort: sort.sort, order: sort.order })}`;
  const { data, error, loading } = useFetch<AdminPage<LicenseDeskRow>>(path);

  const columns = useMemo<ColumnDef<LicenseDeskRow, unknown>[]>(
    () => [
      { id: 'key', header: t('col.key'), enableSorting: false, cell: ({ row }) => <span className="mono">…{row.original.keySuffix}</span> },
      { id: 'plan', header: t('col.plan'), enableSorting: false, cell: ({ row }) => row.original.plan },
      {
        id: 'status',
        header: t('col.status'),
        enableSorting: false,
        cell: ({ row }) => <Badge tone={tone[row.original.status as keyof typeof tone] ?? 'neutral'}>{row.original.status}</Badge>,
      },
      {
        id: 'holder',
        header: t('col.holder'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.holder ? (
            <Link to={`/accounts/${encodeURIComponent(row.original.holder.id)}`} className="strong-link">
              {row.original.holder.email}
            </Link>
          ) : row.original.teamId ? (
            <Link to={`/teams/${encodeURIComponent(row.original.teamId)}`}>{t('licenses.team')}</Link>
          ) : (
            <span className="muted">—</span>
          ),
      },
      { id: 'createdAt', header: t('col.createdAt'), enableSorting: true, cell: ({ row }) => formatTime(row.original.createdAt, language) },
      {
        id: 'expiresAt',
        header: t('col.expiresAt'),
        enableSorting: true,
        cell: ({ row }) => (row.original.expiresAt ? formatTime(row.original.expiresAt, language) : t('licenses.never')),
      },
    ],
    [t, language],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    set({
      plan: String(form.get('plan') ?? ''),
      status: String(form.get('status') ?? ''),
      q: String(form.get('q') ?? '').trim(),
      expiring: form.get('expiring') ? '30' : null,
      page: null,
    });
  };
  const { expiresBefore, ...rest } = filter;
  const csv = `/admin/v1/licenses/export.csv${query({ ...rest, expiresBefore, sort: sort.sort, order: sort.order })}`;

  return (
    <section aria-labelledby="licenses-title">
      <PageHeader title={<span id="licenses-title">{t('licenses.title')}</span>} lead={t('licenses.lead')}>
        <a className="button ghost" href={csv} download>
          {t('licenses.export')}
        </a>
      </PageHeader>
      <form className="filters" onSubmit={submit} key={params.toString()}>
        <div className="field">
          <label htmlFor="lic-plan">{t('licenses.plan')}</label>
          <select id="lic-plan" name="plan" defaultValue={filter.plan}>
            <option value="">{t('licenses.any')}</option>
            {planNames.map((plan) => (
              <option key={plan} value={plan}>
                {plan}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lic-status">{t('licenses.status')}</label>
          <select id="lic-status" name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">{t('licenses.any')}</option>
            {licenseStatuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor="lic-q">{t('licenses.q')}</label>
          <input id="lic-q" name="q" defaultValue={filter.q} maxLength={200} />
        </div>
        <label className="check">
          <input type="checkbox" name="expiring" defaultChecked={expiring} /> {t('licenses.expiring')}
        </label>
        <button type="submit" className="button primary">
          {t('licenses.apply')}
        </button>
      </form>
      <ErrorAlert error={error} />
      <DataTable
        caption={t('licenses.title')}
        columns={columns}
        rows={data?.data ?? []}
        paging={data?.paging}
        loading={loading}
        sort={sort}
        onSort={(next) => set({ sort: next.sort, order: next.order, page: null })}
        onPage={(next) => set({ page: next })}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
