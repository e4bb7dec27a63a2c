import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorScreen } from './components/error-screen.tsx';
import { trackPageView } from './lib/analytics.ts';
import { replayEarlyActions } from './lib/early-input.ts';
import { hasPageTexts, I18nProvider, languageOfPath, loadPageTexts } from './lib/i18n.tsx';
import { isChunkLoadError, reloadOnce, schedulePrefetch, watchBuilds } from './lib/platform.ts';
import { linksRuntimeConfig, runtimeConfigUrl } from './lib/runtime-config.ts';
import { rehydrateStores } from './lib/stores.ts';
import { useNavigationRules } from './lib/use-navigation-rules.ts';
import inlineStyles from './styles/app.css?inline';
import stylesheet from './styles/app.css?url';
import settingsInlineStyles from './styles/settings.css?inline';
import settingsStylesheet from './styles/settings.css?url';

// The stylesheets (about 5 KB compressed) are inlined into every built page, so the first paint
// waits for no request; the development server links them, for hot reloading.
export const links: Route.LinksFunction = () =>
  import.meta.env.DEV
    ? [
        { rel: 'stylesheet', href: stylesheet },
        { rel: 'stylesheet', href: settingsStylesheet },
      ]
    : [];

// Runs at build time for every prerendered page: its texts must be loaded before rendering. It
// runs on the page's data request (`/reset.data`, `/_.data` for `/`), whose answer the page's
// HTML is then rendered with, so the page's own path is that request's without the suffix.
export async function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/(\/_)?\.data$/, '') || '/';
  await loadPageTexts(pathname);
  return { language: languageOfPath(pathname) };
}

// In the browser, on navigation: load the next page's texts (its language, its part) before it renders.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { pathname } = new URL(request.url);
  await loadPageTexts(pathname);
  return { language: languageOfPath(pathname) };
}

// The texts follow the path's language prefix and screen, so only a change of prefix, or a screen
// whose texts are not loaded yet, needs the loader.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname) || !hasPageTexts(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <html lang={languageOfPath(pathname)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        {linksRuntimeConfig && <script src={runtimeConfigUrl} />}
        <Meta />
        <Links />
        {!import.meta.env.DEV && (
          // Only the prerendered HTML carries the rules: the browser keeps them at hydration (React
          // does not compare inner HTML), so the scripts do not carry them a second time.
          <style
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheets, from the build
            dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? inlineStyles + settingsInlineStyles : '' }}
            suppressHydrationWarning
          />
        )}
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    replayEarlyActions();
    void rehydrateStores();
    const stopWatching = watchBuilds();
    const cancelPrefetch = schedulePrefetch();
    return () => {
      stopWatching();
      cancelPrefetch();
    };
  }, []);
  useNavigationRules();
  const { pathname } = useLocation();
  useEffect(() => trackPageView(pathname, languageOfPath(pathname)), [pathname]);
  return <Outlet />;
}

export function HydrateFallback() {
  return <div className="boot" aria-busy="true" />;
}

/** Fatal errors: the 404 template for a 404, the general one otherwise (seed section 2). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const chunkFailed = isChunkLoadError(error);
  // A file of the previous deploy is gone: one reload fetches the new build (guarded against loops).
  useEffect(() => {
    if (chunkFailed) reloadOnce();
  }, [chunkFailed]);
  // The app runs, on its error screen too: from now on it handles what a person does.
  useEffect(replayEarlyActions, []);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) ? error.statusText : error instanceof Error ? error.message : undefined;
  return (
    <I18nProvider language={languageOfPath(pathname)}>
      <ErrorScreen status={status} message={message} standalone />
    </I18nProvider>
  );
}
