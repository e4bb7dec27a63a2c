import { panelBasePath } from '@gatehouse/contract/browser';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

// In development the API runs on :3000 (npm run dev at the root); Vite proxies API calls there.
const api = [
  '/runtime-config.js',
  '/build.json',
  '/signin',
  '/signout',
  '/session',
  '/sessions',
  '/user',
  '/profile',
  '/license',
  '/white-label',
  '/connect',
  '/dev',
];

// Every build has its own id: pages compare it with /build.json to notice a newer deploy.
const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const buildInfo: Plugin = {
  name: 'gatehouse-build-info',
  generateBundle() {
    if (this.environment.name !== 'client') return;
    this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ id: buildId }) });
  },
};

// Code the first screens run (sign-in, sign-up, reset, the layouts and the root): the app's
// libraries, layouts and components, the English texts of the first screens (the fallback of every language) and the
// contract, but never a lazily loaded language or analytics, nor the parts only signed-in or
// later screens use (teams, licenses, connected accounts, codes, new passwords, settings calls,
// their icons, the contract's name, plan and team rules), nor what loads with the first API call
// (its client and error detection) or with analytics: those go with the code that imports them
// (decisions 023 and 053).
const loadedLater =
  /[\\/]components[\\/](team-|connected-accounts|license-key-form|plan|otp-field|new-password|later-icons)|[\\/]lib[\\/](settings-api|use-countdown|use-sso-continue|finish|otp)\.|contract[\\/]src[\\/](names|plans|team-limits|error-detection)\.|[\\/]lib[\\/](api-client|analytics-client|screen-pattern)\./;
const appShared = (id: string) =>
  !/[\\/]i18n[\\/](?!parts[\\/]en-start\.ts)|[\\/]messages[\\/]|@amplitude|[\\/]routes[\\/]/.test(id) &&
  !loadedLater.test(id) &&
  // Lucide's icons go with the code that draws them (the settings' icons with the settings); the
  // English error messages load when first needed, like every other language's (lib/i18n.tsx).
  !/lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]|contract[\\/]src[\\/]errors\.ts/.test(id) &&
  /node_modules[\\/](zustand|lucide-react)[\\/]|contract[\\/]src[\\/]|web[\\/]app[\\/](lib|layouts|components|i18n)[\\/]|web[\\/]app[\\/]root|sso[\\/]sso-providers/.test(
    id,
  );

// The small pieces the sign-in and sign-up screens share with a few later ones (the single
// sign-on buttons, an app sign-in's and an invitation's hooks, the second factor's path, whether
// passkeys work here): one file for them, not five (decision 053).
const signInShared =
  /[\\/]features[\\/](sso[\\/]sso-buttons|app-sign-in[\\/]app-sign-in\.|invitations[\\/]invitation\.|two-factor[\\/]two-factor-path|passkeys[\\/]support)/;

// The control-panel build lives under the panel's path: every asset URL starts there.
const panel = process.env.GATEHOUSE_TARGET === 'panel';

export default defineConfig({
  base: panel ? panelBasePath : '/',
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [reactRouter(), buildInfo],
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(api.map((path) => [path, { target: 'http://127.0.0.1:3000', changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    sourcemap: process.env.ANALYZE === '1',
    // Two chunks every page loads instead of a dozen small ones: the framework (React, React DOM,
    // React Router: changes only with their versions, so it stays cached across deploys) and
    // the app's shared code. Screens, other languages and analytics stay in chunks of their own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: 'app', test: appShared, priority: 1 },
            { name: 'sign-in', test: signInShared, priority: 1 },
          ],
        },
      },
    },
  },
});
