import type { AccountSearchRow, AdminPage } from '@gatehouse/contract/browser';
import type { ColumnDef } from '@tanstack/react-table';
import { Search } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge, ErrorAlert, PageHeader } from '../components/badges.tsx';
import { DataTable } from '../components/data-table.tsx';
import { formatTime, useI18n } from '../i18n/index.tsx';
import { query } from '../lib/api.ts';
import { useListState } from '../lib/search-state.ts';
import { useFetch } from '../lib/use-fetch.ts';

export function SearchPage() {
  const { t, language } = useI18n();
  const { params, page, sort, set } = useListState({ sort: 'createdAt', order: 'desc' });
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const path = q.trim().length >= 2 ? `/admin/v1/accounts${query({ q, page, pageSize: 25, sort: sort.sort, order: sort.order })}` : null;
  const { data, error, loading } = useFetch<AdminPage<AccountSearchRow>>(path);

  const columns = useMemo<ColumnDef<AccountSearchRow, unknown>[]>(
    () => [
      {
        id: 'email',
        header: t('col.email'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link className="strong-link" to={`/accounts/${encodeURIComponent(row.original.id)}`}>
            {row.original.email}
          </Link>
        ),
      },
      {
        id: 'status',
        header: t('col.status'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="badges">
            {row.original.disabled ? <Badge tone="bad">{t('status.disabled')}</Badge> : <Badge tone="good">{t('status.active')}</Badge>}
            {!row.original.emailVerified && <Badge tone="warn">{t('status.unverified')}</Badge>}
          </span>
        ),
      },
      {
        id: 'matchedBy',
        header: t('col.matchedBy'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="badges">
            {row.original.matchedBy.map((match) => (
              <Badge key={match} tone="info">
                {t(`match.${match}`)}
              </Badge>
            ))}
          </span>
        ),
      },
      { id: 'createdAt', header: t('col.createdAt'), enableSorting: true, cell: ({ row }) => formatTime(row.original.createdAt, language) },
    ],
    [t, language],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: typed.trim(), page: null });
  };

  return (
    <section aria-labelledby="search-title">
      <PageHeader title={<span id="search-title">{t('search.title')}</span>} lead={t('search.lead')} />
      <search>
        <form className="search-box" onSubmit={submit}>
          <label htmlFor="search-q" className="visually-hidden">
            {t('search.label')}
          </label>
          <Search className="search-icon" aria-hidden="true" size={20} />
          <input
            id="search-q"
            name="q"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
          />
          <button type="submit" className="button primary">
            {t('search.submit')}
          </button>
        </form>
      </search>
      <ErrorAlert error={error} />
      {!path && <p className="muted hint">{t('search.start')}</p>}
      {path && data && (
        <>
          <p className="result-count" aria-live="polite">
            {data.paging.total === 0 ? t('search.empty', { q }) : t('search.results', { count: data.paging.total })}
          </p>
          {data.paging.total > 0 && (
            <DataTable
              caption={t('search.title')}
              columns={columns}
              rows={data.data}
              paging={data.paging}
              loading={loading}
              sort={sort}
              onSort={(next) => set({ sort: next.sort, order: next.order, page: null })}
              onPage={(next) => set({ page: next })}
              rowKey={(row) => row.id}
            />
          )}
        </>
      )}
    </section>
  );
}
