import { languages } from '@gatehouse/contract';
import type { Config } from '@react-router/dev/config';

// Every screen without a parameter is rendered to HTML at build time, in every language, so
// the first paint never waits for JavaScript. /redeem/{license} and unknown paths get the
// SPA fallback page.
const screens = ['/', '/login', '/signup', '/signup-process', '/activate-email', '/reset-password', '/reset'];

export default {
  appDirectory: 'app',
  ssr: false,
  routeDiscovery: { mode: 'initial' },
  prerender: {
    paths: languages.flatMap((language) =>
      screens.map((screen) => (language === 'en' ? screen : `/${language}${screen === '/' ? '' : screen}`)),
    ),
    concurrency: 4,
  },
} satisfies Config;
