import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * A standalone bundle for any web page: one classic script (IIFE, global `CadenceWidgets`) with
 * React and React DOM inside (production builds, ADR 8 and ADR 37), the widgets of `entry` and
 * their stylesheet inlined, registering its <cadence-*> custom elements on load. The server
 * serves dist-standalone/ at /widgets/.
 */
function standaloneConfig(entry: string, fileName: string): UserConfig {
  return {
    // Core from source, as the app builds it (no stale packages/core/dist), its browser entry
    // only (docs/adr/0046-core-entries.md). React is not external: the page has none of its own,
    // so the script carries it.
    resolve: { alias: [{ find: /^@cadence\/core$/, replacement: here('../core/src/index.ts') }] },
    plugins: [react()],
    // Library mode leaves `process.env.NODE_ENV` alone: React's entry points branch on it, so it
    // is replaced here, and React's production build is the one bundled.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      target: 'es2022',
      outDir: here('./dist-standalone'),
      // Never emptied: the two scripts share the folder, and either may be rebuilt alone
      // (tests/e2e/embed.e2e.ts rebuilds cadence-widgets.js when stale).
      emptyOutDir: false,
      sourcemap: true,
      minify: true,
      lib: {
        entry: here(entry),
        // A classic script: a cross-origin <script type="module"> would need CORS headers on /widgets/.
        formats: ['iife'],
        name: 'CadenceWidgets',
        fileName: () => fileName,
      },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  };
}

/**
 * `vite build -c vite.standalone.config.ts`: every widget, dist-standalone/cadence-widgets.js
 * (<script src="https://cadence…/widgets/cadence-widgets.js" defer>).
 * `… --mode calendar`: the calendar alone, dist-standalone/cadence-calendar.js, registering
 * <cadence-calendar> only, for pages that show nothing else.
 */
export default defineConfig(({ mode }) => {
  // The JSX runtime must match the React build above: with NODE_ENV unset or `test` (Vitest's
  // global setup), Vite would compile JSX to `jsxDEV`, which React's production
  // jsx-dev-runtime does not provide. Vite reads NODE_ENV after loading this file.
  process.env.NODE_ENV = 'production';
  return mode === 'calendar'
    ? standaloneConfig('./src/standalone-calendar.ts', 'cadence-calendar.js')
    : standaloneConfig('./src/standalone.ts', 'cadence-widgets.js');
});
