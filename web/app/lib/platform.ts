// Production behaviours around the screens: new builds, chunk load failures, prefetch.
import { prefetchApiClient } from './api.ts';
import { languageOfPath, loadErrorMessages } from './i18n.tsx';

declare const __BUILD_ID__: string;

/** The id of the build this page runs; /build.json holds the newest deployed one. */
export const buildId: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';
// Beside the app's files: at / standalone, under the panel's path in a hosting panel.
export const buildInfoPath = `${import.meta.env.BASE_URL}build.json`;
export const reloadGuardMs = 10_000;
export const prefetchDelayMs = 1000;
const buildCheckIntervalMs = 5 * 60_000;
const reloadKey = 'gatehouse-reload';

let stale = false;

/** True once a newer build is deployed: the next navigation then loads the page fully. */
export function isStale(): boolean {
  return stale;
}

export async function checkForNewBuild(): Promise<void> {
  try {
    const response = await fetch(buildInfoPath, { cache: 'no-store' });
    const { id } = (await response.json()) as { id?: string };
    if (id && id !== buildId) stale = true;
  } catch {
    // Offline or mid-deploy: ask again later.
  }
}

/** Asks for the newest build id now and then, and whenever the tab becomes visible again. */
export function watchBuilds(): () => void {
  const timer = setInterval(checkForNewBuild, buildCheckIntervalMs);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void checkForNewBuild();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Errors of a lazily loaded file that is gone (typically after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(
    message,
  );
}

/** Reloads the page, at most once per path within 10 s: never a loop. Returns whether it reloads. */
let reloading = false;

export function reloadOnce(path = window.location.pathname): boolean {
  // Several failures of one deploy (a preload and the route that needed it) make one reload.
  if (reloading) return true;
  let last: { path?: string; at?: number } | null = null;
  try {
    last = JSON.parse(sessionStorage.getItem(reloadKey) ?? 'null');
  } catch {
    last = null;
  }
  if (last?.path === path && Date.now() - (last.at ?? 0) < reloadGuardMs) return false;
  sessionStorage.setItem(reloadKey, JSON.stringify({ path, at: Date.now() }));
  reloading = true;
  window.location.reload();
  return true;
}

interface Connection {
  effectiveType?: string;
  saveData?: boolean;
}

/** Slow or metered connections get no speculative downloads. */
export function prefetchAllowed(): boolean {
  const connection = (navigator as { connection?: Connection }).connection;
  return !(connection?.saveData || connection?.effectiveType === 'slow-2g');
}

interface Manifest {
  routes: Record<string, { module: string; imports?: string[] }>;
}

/**
 * One second after start, fetches the code of every screen into the browser's cache, so moving on
 * waits for no download, and loads the API client and the page's error messages, so a first
 * submit is instant. A prefetch, not a modulepreload: a modulepreload also compiles each file
 * on the main thread, in tasks long enough on a slow phone to hold up a tap just after start.
 */
export function schedulePrefetch(): () => void {
  const timer = setTimeout(() => {
    if (!prefetchAllowed()) return;
    prefetchApiClient();
    loadErrorMessages(languageOfPath(window.location.pathname)).catch(() => {});
    const manifest = (window as { __reactRouterManifest?: Manifest }).__reactRouterManifest;
    const present = new Set(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"],link[rel="prefetch"]')].map((link) =>
        link.getAttribute('href'),
      ),
    );
    for (const route of Object.values(manifest?.routes ?? {})) {
      for (const href of [route.module, ...(route.imports ?? [])]) {
        if (present.has(href)) continue;
        present.add(href);
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = href;
        document.head.append(link);
      }
    }
  }, prefetchDelayMs);
  return () => clearTimeout(timer);
}
