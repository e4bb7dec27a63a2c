import { languages, panelBasePath, settingsSections } from '@gatehouse/contract';
import type { Config } from '@react-router/dev/config';

// Every screen is rendered to HTML at build time, in every language, so the first paint never
// waits for JavaScript: /redeem/{license} once with a placeholder (/redeem/__license; its first
// render does not show the key), which the server sends for every key; and the 404 page
// (/__not-found, /de/__not-found …), which it sends for unknown paths.
const screens = [
  '/',
  '/login',
  '/signup',
  '/signup-process',
  '/activate-email',
  '/reset-password',
  '/reset',
  '/redeem/__license',
  '/__not-found',
  // Account settings
  ...settingsSections.map((section) => `/settings/${section}`),
  '/email-change',
  '/email-change/cancel',
];

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
        prerender: {
          paths: languages.flatMap((language) =>
            screens.map((screen) => (language === 'en' ? screen : `/${language}${screen === '/' ? '' : screen}`)),
          ),
          concurrency: 4,
        },
      }),
} satisfies Config;
