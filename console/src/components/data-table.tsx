import type { AdminPaging } from '@gatehouse/contract/browser';
import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { useI18n } from '../i18n/index.tsx';

export interface Sort {
  sort: string;
  order: 'asc' | 'desc';
}

interface DataTableProps<T> {
  caption: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  paging?: AdminPaging;
  loading?: boolean;
  /** The server sorts (`sort`, `order`); columns with enableSorting offer it. */
  sort?: Sort;
  onSort?: (sort: Sort) => void;
  onPage?: (page: number) => void;
  rowKey: (row: T) => string;
}

/** A table whose paging and sorting the server does (`@tanstack/react-table` in manual mode). */
export function DataTable<T>({ caption, columns, rows, paging, loading, sort, onSort, onPage, rowKey }: DataTableProps<T>) {
  const { t } = useI18n();
  const sorting: SortingState = sort ? [{ id: sort.sort, desc: sort.order === 'desc' }] : [];
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    pageCount: pages,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first && onSort) onSort({ sort: first.id, order: first.desc ? 'desc' : 'asc' });
    },
  });
  return (
    <div className="table-wrap" aria-busy={loading ? 'true' : 'false'}>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="sort-button"
                          onClick={header.column.getToggleSortingHandler()}
                          aria-label={t('table.sortBy', { column: String(header.column.columnDef.header) })}
                        >
                          {label}
                          <span className={`sort-mark ${sorted || 'none'}`} aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-label={String(cell.column.columnDef.header)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="table-empty">
                  {loading ? t('table.loading') : t('table.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {paging && onPage && paging.total > paging.pageSize && (
        <nav className="pager" aria-label={caption}>
          <button type="button" className="button ghost" disabled={paging.page <= 1} onClick={() => onPage(paging.page - 1)}>
            {t('table.previous')}
          </button>
          <span>{t('table.page', { page: paging.page, pages })}</span>
          <button type="button" className="button ghost" disabled={paging.page >= pages} onClick={() => onPage(paging.page + 1)}>
            {t('table.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
