import { panelBasePath } from '@gatehouse/contract';
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
  build: { target: 'es2022', assetsInlineLimit: 0 },
});
