import { panelBasePath, prerenderedPaths } from '@gatehouse/contract/browser';
import type { Config } from '@react-router/dev/config';

// The control-panel build (GATEHOUSE_TARGET=panel) is the same app under the panel's path, as
// one SPA page: its mode comes from runtime-config.js at run time, so nothing mode-dependent
// may be baked into HTML at build time (docs/decisions/010-panel-build.md).
const panel = process.env.GATEHOUSE_TARGET === 'panel';

export default {
  appDirectory: 'app',
  ssr: false,
  routeDiscovery: { mode: 'initial' },
  ...(panel
    ? { basename: panelBasePath, buildDirectory: 'build-panel' }
    : {
        // Every screen is rendered to HTML at build time, in every language, so the first paint never
        // waits for JavaScript: /redeem/{license} once with a placeholder (/redeem/__license; its first
        // render does not show the key), which the server sends for every key; and the 404 page
        // (/__not-found, /de/__not-found …), which it sends for unknown paths. The list comes from the
        // contract's screen table.
        prerender: {
          paths: prerenderedPaths(),
          concurrency: 4,
        },
      }),
} satisfies Config;
