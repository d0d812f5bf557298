import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The two scripts a page may load: the loader's file name → the ES entry it imports. */
export const STANDALONE_ENTRIES = {
  'cadence-widgets': './src/standalone.ts',
  'cadence-calendar': './src/standalone-calendar.ts',
} as const;

/**
 * The classic script a page loads (`<script src=".../cadence-calendar.js">`): finds its own URL
 * and imports the hashed ES entry beside it, which registers the elements and loads the rest of
 * what it needs by `import()`. `document.currentScript` is null when the script runs other than
 * from a `<script>` element being parsed or inserted (e.g. pasted into a console, or evaluated by
 * a tag manager); it then looks for its tag by name. A failed import is reported in the console:
 * otherwise the page shows empty elements and says nothing. `window.CadenceWidgets` is the ES
 * entry's exports once it has loaded (what the IIFE's global was, ADR 8); with both scripts on
 * a page, the full one's.
 */
export function loaderSource(name: string, entry: string): string {
  const file = `${name}.js`;
  return `/* Cadence: ${file} loads ${entry} (ES modules, docs/embedding.md) */
(() => {
  const me = document.currentScript || [...document.querySelectorAll('script[src]')].reverse().find((s) => new URL(s.src, location.href).pathname.endsWith('/${file}'));
  if (!me) { console.error('[Cadence] ${file}: cannot find its own <script src=".../${file}"> tag, so it does not know where to load the widgets from. Load it with a <script src> tag.'); return; }
  const url = new URL(${JSON.stringify(entry)}, me.src).href;
  import(url).then(
    (m) => { ${name === 'cadence-widgets' ? 'window.CadenceWidgets = m' : 'window.CadenceWidgets ??= m'}; },
    (e) => console.error('[Cadence] ${file}: could not load ' + url + ' (' + e + '). The server must send the widgets with Access-Control-Allow-Origin when the page is on another origin, and a Content Security Policy must allow scripts from it.'),
  );
})();
`;
}

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
    resolve: { alias: [{ find: /^@cadence\/core$/, replacement: here('../core/src/index.ts') }] },
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
