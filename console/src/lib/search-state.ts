import { useSearchParams } from 'react-router';
import type { Sort } from '../components/data-table.tsx';

/** A list's filters, page and sort kept in the address, so a view can be shared, reloaded and gone back to. */
export function useListState(defaults: Sort) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sort: Sort = { sort: params.get('sort') ?? defaults.sort, order: params.get('order') === 'asc' ? 'asc' : defaults.order };
  const set = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  return { params, page, sort, set };
}
