import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { STYLE_PARTS } from './src/styles/parts.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pkg = (id: string, name: string) => id === name || id.startsWith(`${name}/`);
// Peers and dependencies stay imports; the standalone custom-element bundle (vite.standalone.config.ts) inlines them.
const EXTERNAL = ['react', 'react-dom', '@cadence/core', '@tanstack/react-virtual', '@floating-ui/react', 'marked'];
/** One entry per widget (src/entries/x.ts → dist/x.js, exported as '@cadence/widgets/x'), sharing chunks. */
const WIDGET_ENTRIES = Object.fromEntries(
  readdirSync(here('./src/entries'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [f.replace(/\.ts$/, ''), here(`./src/entries/${f}`)]),
);

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'cadence-css-file',
      // styles.css: every widget's rules in one file (src/styles/parts.ts).
      closeBundle: () =>
        writeFileSync(here('./dist/cadence.css'), STYLE_PARTS.map((p) => readFileSync(here(`./src/styles/${p}.css`), 'utf8')).join('\n')),
    },
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    emptyOutDir: true,
    lib: {
      entry: { index: here('./src/index.ts'), testing: here('./src/testing.ts'), ...WIDGET_ENTRIES },
      formats: ['es'],
    },
    rolldownOptions: {
      external: (id) => EXTERNAL.some((name) => pkg(id, name)),
    },
  },
});
