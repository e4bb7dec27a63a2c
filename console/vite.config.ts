import { defineConfig } from 'vite';

// The console is served by the admin listener under /console/ (decision 062). No source maps
// and no inlined assets: the pages' CSP allows scripts, styles and images from their own origin only.
export default defineConfig({
  base: '/console/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      // lucide-react marks its modules "use client" for server components; a bundle for the
      // browser alone has nothing to keep of it, and the warning would stand in `npm start`'s output.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
