import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app builds from its sibling packages' sources (like Vitest and tsc do), so building it
// needs no earlier build of core or widgets.
const src = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));

// The SPA renders with React and React DOM, as specified (docs/adr/0037-react-everywhere.md):
// its weight is kept down by the route chunks (ADR 24), not by swapping the renderer.
export default defineConfig(({ command, mode }) => {
  // A production build is React's production build and the production JSX runtime whatever
  // NODE_ENV the caller runs in (Vitest's global setup runs with NODE_ENV=test): Vite reads
  // NODE_ENV after loading this file, as its docs advise.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [react()],
    resolve: {
      alias: [
        // Core's browser entry, matched exactly: `@cadence/core/schemas` (zod) is the server's, and
        // the SPA never imports it (docs/adr/0046-core-entries.md, scripts/no-zod.test.ts).
        { find: /^@cadence\/core$/, replacement: src('core') },
        { find: /^@cadence\/core\/forms$/, replacement: fileURLToPath(new URL('../core/src/forms.ts', import.meta.url)) },
        { find: '@cadence/widgets', replacement: src('widgets') },
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
  };
});
