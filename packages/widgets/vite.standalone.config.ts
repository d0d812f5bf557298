import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { preactCompatAliases } from './build/preact-compat.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * A standalone bundle for any web page: one classic script (IIFE, global `CadenceWidgets`) with
 * preact/compat as the renderer, the widgets of `entry` and their stylesheet inlined, registering its <cadence-*> custom
 * elements on load. The server serves dist-standalone/ at /widgets/.
 */
function standaloneConfig(entry: string, fileName: string): UserConfig {
  return {
    // Core from source, as the app builds it (no stale packages/core/dist).
    // …and Preact's React-compatible layer instead of React DOM (ADR 30): the page gets one script.
    resolve: { alias: [{ find: '@cadence/core', replacement: here('../core/src/index.ts') }, ...preactCompatAliases(here('./node_modules/preact'))] },
    plugins: [react()],
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
export default defineConfig(({ mode }) =>
  mode === 'calendar'
    ? standaloneConfig('./src/standalone-calendar.ts', 'cadence-calendar.js')
    : standaloneConfig('./src/standalone.ts', 'cadence-widgets.js'),
);
