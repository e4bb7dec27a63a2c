import { defineConfig } from 'vite';

// The console is served by the admin listener under /console/ (decision 062). No source maps
// and no inlined assets: the pages' CSP allows scripts, styles and images from their own origin only.
export default defineConfig({
  base: '/console/',
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, sourcemap: false, reportCompressedSize: false },
  oxc: { jsx: { runtime: 'automatic' } },
  server: {
    // In development the admin listener runs on :3001 (npm run dev at the root).
    proxy: { '/admin': 'http://127.0.0.1:3001', '/console/session': 'http://127.0.0.1:3001', '/console/proof': 'http://127.0.0.1:3001' },
  },
});
