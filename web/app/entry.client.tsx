import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadPageTexts } from './lib/i18n.tsx';
import { mode } from './lib/mode.ts';
import { reloadOnce } from './lib/platform.ts';
import { importRouteModules, showLoadFailure } from './lib/route-modules.ts';

// A lazily loaded file failed to preload (gone after a deploy): reload once, never in a loop.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

// The mode is chosen here, once; in a hosting panel the host page hands in the panel user's
// credentials before any call.
mode().start();

// A panel's plugin writes its credentials script (or anything else) where its template puts it,
// often first in the head. React hydrates the head from its first node and took a node before our
// own for a mismatch (error #418, on every page); after the head's last node it skips what it did
// not render. So, in the panel build, whatever stands before the page's own first node moves there.
if (import.meta.env.BASE_URL !== '/') {
  const first = document.head.querySelector('meta[charset]');
  while (first && document.head.firstChild && document.head.firstChild !== first) {
    document.head.append(document.head.firstChild);
  }
}

// The page's texts (its language, its screen's part) must be loaded before hydrating, so the
// first client render matches the prerendered HTML.
await loadPageTexts(window.location.pathname);

// A screen's file that is gone (after a deploy): one reload fetches the new build; if it is still
// gone within 10 s, say so instead of starting the app, whose router would reload without end.
if (await importRouteModules()) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
} else if (!reloadOnce()) {
  showLoadFailure();
}
