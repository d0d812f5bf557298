import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The standalone bundle for any web page: one classic script (IIFE, global `CadenceWidgets`) with React, the widgets and their
 * stylesheet inlined, registering the <cadence-*> custom elements on load. The server serves
 * this folder at /widgets/ (so: <script src="https://cadence…/widgets/cadence-widgets.js" defer>).
 */
export default defineConfig({
  // Core from source, as the app builds it (no stale packages/core/dist).
  resolve: { alias: { '@cadence/core': here('../core/src/index.ts') } },
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    target: 'es2022',
    outDir: here('./dist-standalone'),
    emptyOutDir: true,
    sourcemap: true,
    minify: true,
    lib: {
      entry: here('./src/standalone.ts'),
      // A classic script: a cross-origin <script type="module"> would need CORS headers on /widgets/.
      formats: ['iife'],
      name: 'CadenceWidgets',
      fileName: () => 'cadence-widgets.js',
    },
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
