import { useEffect, useState } from 'react';

const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * A module whose part of a screen shows only once the API has answered (the signed-in card, an
 * invitation's banner, the app being signed in to): imported when `wanted` first holds, not
 * with the page (decision 053). Undefined until it is there, so the screen stays as it was
 * meanwhile; known at once when a screen mounts again. `load` is a module-level function (the
 * cache's key). A file gone after a deploy fails the render as a screen's own file would, and
 * the root's error boundary reloads once.
 */
export function useModule<T>(load: () => Promise<T>, wanted: boolean): T | undefined {
  const [module, setModule] = useState(() => loaded.get(load) as T | undefined);
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    load().then(
      (value) => {
        loaded.set(load, value);
        if (live) setModule(value);
      },
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [load, wanted, module]);
  if (failure) throw failure.error;
  return module;
}
