import type { AdminPage, AuditEntryView } from '@gatehouse/contract/browser';
import { type FormEvent, useMemo } from 'react';
import { auditColumns } from '../components/audit-columns.tsx';
import { ErrorAlert, PageHeader } from '../components/badges.tsx';
import { DataTable } from '../components/data-table.tsx';
import { useI18n } from '../i18n/index.tsx';
import { query } from '../lib/api.ts';
import { useListState } from '../lib/search-state.ts';
import { useFetch } from '../lib/use-fetch.ts';

const filters = ['accountId', 'actor', 'type', 'from', 'to'] as const;

export function AuditPage() {
  const { t, language } = useI18n();
  const { params, page, set } = useListState({ sort: 'at', order: 'desc' });
  const filter = Object.fromEntries(filters.map((name) => [name, params.get(name) ?? ''])) as Record<(typeof filters)[number], string>;
  const path = `/admin/v1/audit${query({ ...filter, page, pageSize: 50 })}`;
  const { data, error, loading } = useFetch<AdminPage<AuditEntryView>>(path);
  const columns = useMemo(() => auditColumns(t, language, true), [t, language]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    set({ ...Object.fromEntries(filters.map((name) => [name, String(form.get(name) ?? '').trim()])), page: null });
  };
  const exportHref = (format: 'csv' | 'jsonl') => `/admin/v1/audit/export${query({ ...filter, format })}`;

  return (
    <section aria-labelledby="audit-title">
      <PageHeader title={<span id="audit-title">{t('audit.title')}</span>} lead={t('audit.lead')}>
        <a className="button ghost" href={exportHref('csv')} download>
          {t('audit.exportCsv')}
        </a>
        <a className="button ghost" href={exportHref('jsonl')} download>
          {t('audit.exportJsonl')}
        </a>
      </PageHeader>
      <form className="filters" onSubmit={submit} key={params.toString()}>
        <div className="field">
          <label htmlFor="audit-account">{t('audit.accountId')}</label>
          <input id="audit-account" name="accountId" defaultValue={filter.accountId} maxLength={64} />
        </div>
        <div className="field">
          <label htmlFor="audit-actor">{t('audit.actor')}</label>
          <input id="audit-actor" name="actor" defaultValue={filter.actor} maxLength={320} />
        </div>
        <div className="field">
          <label htmlFor="audit-type">{t('audit.type')}</label>
          <input id="audit-type" name="type" defaultValue={filter.type} maxLength={64} placeholder="account_disabled" />
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t('audit.from')}</label>
          <input id="audit-from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t('audit.to')}</label>
          <input id="audit-to" name="to" type="date" defaultValue={filter.to} />
        </div>
        <button type="submit" className="button primary">
          {t('audit.apply')}
        </button>
      </form>
      <ErrorAlert error={error} />
      <DataTable
        caption={t('audit.title')}
        columns={columns}
        rows={data?.data ?? []}
        paging={data?.paging}
        loading={loading}
        onPage={(next) => set({ page: next })}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
