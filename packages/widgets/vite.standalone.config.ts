import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { loaderSource } from './src/elements/standalone-loader';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The two scripts a page may load: the loader's file name → the ES entry it imports. */
export const STANDALONE_ENTRIES = {
  'cadence-widgets': './src/standalone.ts',
  'cadence-calendar': './src/standalone-calendar.ts',
} as const;

/** Emits each entry's classic loader (dist-standalone/<name>.js) once the hashed entry's name is known. */
function loaders(): Plugin {
  return {
    name: 'cadence-standalone-loaders',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !(chunk.name in STANDALONE_ENTRIES)) continue;
        this.emitFile({ type: 'asset', fileName: `${chunk.name}.js`, source: loaderSource(chunk.name, `./${chunk.fileName}`) });
      }
    },
  };
}

/**
 * The standalone scripts for any web page (ADR 8, addendum 2026-11): `cadence-widgets.js` (all
 * seven <cadence-*> elements) and `cadence-calendar.js` (<cadence-calendar> alone), each a tiny
 * classic loader importing an ES-module build with code splitting in `chunks/` (hashed names):
 * the entry, the chunks both entries share (React and React DOM, production builds, ADR 37; the
 * provider, core) and the parts loaded on demand (dialogs, Floating UI layers…). The page needs
 * no React of its own. The server serves dist-standalone/ at /widgets/, with CORS for the chunks
 * (packages/server/src/http/static.ts).
 */
export default defineConfig((): UserConfig => {
  // The JSX runtime must match the React build below: with NODE_ENV unset or `test` (Vitest's
  // global setup), Vite would compile JSX to `jsxDEV`, which React's production
  // jsx-dev-runtime does not provide. Vite reads NODE_ENV after loading this file.
  process.env.NODE_ENV = 'production';
  return {
    // Core from source, as the app builds it (no stale packages/core/dist), its browser entry
    // only (docs/adr/0046-core-entries.md). React is not external: the page has none of its own,
    // so the scripts carry it.
    resolve: {
      alias: [
        { find: /^@cadence\/core$/, replacement: here('../core/src/index.ts') },
        { find: /^@cadence\/core\/forms$/, replacement: here('../core/src/forms.ts') },
      ],
    },
    plugins: [react(), loaders()],
    // Chunks find each other relative to themselves (import.meta.url), whatever the page's origin.
    base: './',
    // Library mode leaves `process.env.NODE_ENV` alone: React's entry points branch on it, so it
    // is replaced here, and React's production build is the one bundled.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      target: 'es2022',
      outDir: here('./dist-standalone'),
      // Both scripts build together (they share their chunks), so old hashed chunks go.
      emptyOutDir: true,
      sourcemap: true,
      minify: true,
      // .vite/manifest.json: each chunk's static and dynamic imports (the bundle bench reads it).
      manifest: true,
      // Not library mode, whose ES output is left unminified: an app build of two script entries
      // (no HTML), their exports kept (window.CadenceWidgets), and no module preload links (the
      // scripts inline their CSS; a lazy chunk's static imports are already loaded).
      modulePreload: false,
      rolldownOptions: {
        input: Object.fromEntries(Object.entries(STANDALONE_ENTRIES).map(([name, file]) => [name, here(file)])),
        preserveEntrySignatures: 'exports-only',
        output: {
          entryFileNames: 'chunks/[name]-[hash].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
      },
    },
  };
});
