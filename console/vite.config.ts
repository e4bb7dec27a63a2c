import { defineConfig } from 'vite';

// The console is served by the admin listener under /console/ (decision 062). No source maps
// and no inlined assets: the pages' CSP allows scripts, styles and images from their own origin only.
export default defineConfig({
  base: '/console/',
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, sourcemap: false, reportCompressedSize: false },
  oxc: { jsx: { runtime: 'automatic' } },
});
