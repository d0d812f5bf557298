import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactCompatAliases } from '../widgets/build/preact-compat.ts';

// The app builds from its sibling packages' sources (like Vitest and tsc do), so building it
// needs no earlier build of core or widgets.
const src = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));

// The SPA renders with Preact's React-compatible layer: React DOM alone is ~60 kB gzip, more
// than the sign-in page's whole budget (docs/adr/0030-spa-renders-with-preact-compat.md). The
// widgets package still ships for React hosts; its tests and the app's unit tests run on React.
const preactCompat = preactCompatAliases(fileURLToPath(new URL('./node_modules/preact', import.meta.url)));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@cadence/core', replacement: src('core') },
      { find: '@cadence/widgets', replacement: src('widgets') },
      ...preactCompat,
    ],
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Strict CSP (script-src 'self'): no inline module-preload polyfill.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
  },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8787', ws: true } } },
});
