import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, call } from './api.ts';

/** One GET, again whenever its path changes; `reload` asks again (after a remedy). */
export function useFetch<T>(path: string | null) {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: path !== null });
  const [round, setRound] = useState(0);
  const request = useMemo(() => (path === null ? null : { path, round }), [path, round]);
  useEffect(() => {
    if (request === null) return;
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    call<T>(request.path).then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) =>
        live && setState({ error: error instanceof ApiError ? error : new ApiError(0, 'network.failed'), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [request]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}
