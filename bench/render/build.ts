/**
 * Bundles one page per contender into bench/.work/render/ with esbuild: React included,
 * production mode, minified, each library's own CSS beside its script. Cadence's widgets and
 * core come from source (packages/*\/src), as an application bundling them would.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
export const OUT_DIR = path.join(repo, 'bench/.work/render');

export const PAGES = {
  'cadence-calendar': 'cadence-calendar.tsx',
  'rbc-calendar': 'rbc-calendar.tsx',
  'rbc-dnd-calendar': 'rbc-dnd-calendar.tsx',
  'toastui-calendar': 'toastui-calendar.ts',
  'cadence-gantt': 'cadence-gantt.tsx',
  'svar-gantt': 'svar-gantt.tsx',
} as const;
export type PageName = keyof typeof PAGES;

/** Vite's `?inline` CSS imports (the widgets' stylesheet) as strings. */
const inlineCss: esbuild.Plugin = {
  name: 'inline-css',
  setup(build) {
    build.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.replace(/\?inline$/, '')),
      namespace: 'inline-css',
    }));
    build.onLoad({ filter: /.*/, namespace: 'inline-css' }, (args) => ({
      contents: readFileSync(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

export interface BuiltPage {
  name: PageName;
  /** Bytes of script and stylesheet, uncompressed. */
  jsBytes: number;
  cssBytes: number;
}

export interface BuildOptions {
  /** Default bench/.work/render. */
  outDir?: string;
  /** Default true; false keeps names readable in a profile (not for timed runs). */
  minify?: boolean;
  /** More esbuild plugins, e.g. to build a page against another version of a file for an A/B run. */
  plugins?: esbuild.Plugin[];
}

export async function buildPages({ outDir = OUT_DIR, minify = true, plugins = [] }: BuildOptions = {}): Promise<BuiltPage[]> {
  mkdirSync(outDir, { recursive: true });
  // The output is generated: keep it out of git without touching the repository's .gitignore.
  writeFileSync(path.join(repo, 'bench/.work/.gitignore'), '*\n');
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(PAGES).map(([name, file]) => [name, path.join(here, 'pages', file)])),
    outdir: outDir,
    bundle: true,
    minify,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: {
      '@cadence/widgets': path.join(repo, 'packages/widgets/src/index.ts'),
      '@cadence/core/forms': path.join(repo, 'packages/core/src/forms.ts'),
      '@cadence/core': path.join(repo, 'packages/core/src/index.ts'),
    },
    nodePaths: [path.join(repo, 'bench/node_modules')],
    // Core's stream reader loads csv-parse's Node build on its first call (docs/adr/0039), which no
    // page makes; esbuild cannot resolve that build's `stream` for a browser, even unused.
    external: ['csv-parse'],
    plugins: [...plugins, inlineCss],
    loader: { '.woff': 'empty', '.woff2': 'empty', '.ttf': 'empty', '.svg': 'dataurl', '.png': 'dataurl' },
    metafile: true,
    logLevel: 'error',
  });
  const pages: BuiltPage[] = [];
  for (const name of Object.keys(PAGES) as PageName[]) {
    const outputs = result.metafile.outputs;
    const js = outputs[path.relative(process.cwd(), path.join(outDir, `${name}.js`))];
    const css = outputs[path.relative(process.cwd(), path.join(outDir, `${name}.css`))];
    const link = css ? `<link rel="stylesheet" href="${name}.css">` : '';
    writeFileSync(
      path.join(outDir, `${name}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>${link}` +
        `<style>html,body{margin:0;font-family:system-ui,sans-serif}</style></head>` +
        `<body><div id="root"></div><script src="${name}.js"></script></body></html>\n`,
    );
    pages.push({ name, jsBytes: js?.bytes ?? 0, cssBytes: css?.bytes ?? 0 });
  }
  return pages;
}
