import { matchRoutes, type RouteObject } from 'react-router';
import { createTranslator, languageOfPath } from './i18n.tsx';

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
}

interface RouterWindow {
  __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
  __reactRouterContext?: { basename?: string };
}

/**
 * Imports the code of the screens this page shows, before React Router does. React Router
 * reloads the page whenever such an import fails, with no limit: a file that stays gone after
 * a deploy would reload the page forever. Failing here first lets our guard decide instead.
 * Returns false when a file could not be loaded.
 */
export async function importRouteModules(): Promise<boolean> {
  const { __reactRouterManifest: manifest, __reactRouterContext: context } = window as RouterWindow;
  if (!manifest) return true;
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map(
      (route) =>
        ({ id: route.id, path: route.path, index: route.index, children: route.index ? undefined : tree(route.id) }) as RouteObject,
    );
  const matches = matchRoutes(tree(undefined), window.location, context?.basename) ?? [];
  try {
    await Promise.all(matches.map((match) => import(/* @vite-ignore */ manifest.routes[match.route.id ?? '']?.module ?? '')));
    return true;
  } catch {
    return false;
  }
}

/** What a page whose code stays missing says, without the app (it cannot start). */
export function showLoadFailure(): void {
  const t = createTranslator(languageOfPath(window.location.pathname)).t;
  const main = document.createElement('main');
  main.className = 'load-failure';
  const heading = document.createElement('h1');
  heading.textContent = t('titles.error');
  const text = document.createElement('p');
  text.textContent = t('errors.errorText');
  main.append(heading, text);
  document.body.replaceChildren(main);
  document.title = t('titles.error');
}
