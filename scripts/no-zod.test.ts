import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtFiles } from './built-files';

/**
 * Zod is the server's (docs/adr/0046-core-entries.md): `@cadence/core` loads none of it, only
 * `@cadence/core/schemas` does, and no browser bundle carries it: not the widgets' library
 * entries, not the standalone scripts, not the SPA. The checks of built folders read what a build
 * left (CI builds before it tests); without a build folder they say so and pass.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p: string) => path.relative(root, p);
/** The part of esbuild's API used here. It comes with the bench package, whose bundle suite weighs our entries with it. */
interface Bundler {
  build(options: Record<string, unknown>): Promise<{ metafile: { inputs: Record<string, unknown> } }>;
}
const esbuild: Bundler = createRequire(path.join(root, 'bench/package.json'))('esbuild');

/** The modules under zod's package that an esbuild bundle of `contents` (a module in the repo's root) loads. */
async function zodModulesLoadedBy(contents: string): Promise<{ zod: string[]; all: string[] }> {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'page.ts' },
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    // Core's stream reader loads csv-parse's Node build on its first call, which no page makes
    // (docs/adr/0039); esbuild cannot resolve that build's `stream` for a browser.
    external: ['csv-parse'],
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const all = Object.keys(result.metafile.inputs);
  return { zod: all.filter(isZodPath), all };
}

const isZodPath = (p: string) => /(?:^|\/)node_modules\/(?:\.pnpm\/zod@[^/]+\/node_modules\/)?zod\//.test(p);

/** Zod's marks in built code, minified or not: its class names (`$ZodType`, `$ZodError`…), which it registers as strings. */
export const zodSigns = (code: string): string[] => [...new Set(code.match(/\$Zod[A-Z]\w*/g) ?? [])].slice(0, 3);

const built = (dir: string, exts: readonly string[]) => builtFiles(root, dir, exts);

/** Zod found in built JS files (their code, and their source maps' sources), as `file: signs`. */
function zodInBuild(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const signs = zodSigns(readFileSync(file, 'utf8'));
    const map = `${file}.map`;
    if (existsSync(map)) {
      const sources: string[] = JSON.parse(readFileSync(map, 'utf8')).sources ?? [];
      const fromZod = sources.filter(isZodPath);
      if (fromZod.length) signs.push(`source map: ${fromZod.slice(0, 3).join(', ')}`);
    }
    return signs.length ? [`${rel(file)}: ${signs.join('; ')}`] : [];
  });
}

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/**
 * What built ESM `entries` of a package import from zod or core's schemas, following their own
 * chunks: the widgets' library leaves core external and core leaves zod external, so zod would
 * arrive as an import, not as code.
 */
function schemaImportsOfLibrary(distDir: string, entries: readonly string[]): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, from: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT_RE)) {
      if (spec!.startsWith('.')) visit(path.resolve(path.dirname(file), spec!), from);
      else if (spec === 'zod' || spec!.startsWith('zod/') || spec === '@cadence/core/schemas') found.push(`${from} → ${rel(file)}: imports ${spec}`);
    }
  };
  for (const entry of entries) visit(path.join(distDir, entry), entry);
  return found;
}

/** The widgets package's browser entries: the `import` files of its `exports`, `./testing` aside. */
function widgetLibraryEntries(): string[] {
  const exports: Record<string, { import?: string } | string> = JSON.parse(readFileSync(path.join(root, 'packages/widgets/package.json'), 'utf8')).exports;
  return Object.entries(exports)
    .filter(([subpath]) => subpath !== './testing')
    .flatMap(([, target]) => (typeof target === 'object' && target.import?.endsWith('.js') ? [target.import.replace(/^\.\/dist\//, '')] : []));
}

/** Source files of a browser package that are shipped (not its tests, not its `testing/` helpers). */
function shippedSources(pkgDir: string): string[] {
  return (built(path.join(pkgDir, 'src'), ['.ts', '.tsx']) ?? []).filter((f) => !/\.test\.tsx?$/.test(f) && !/\/testing(\/|\.ts$)/.test(f));
}

const SHIPPED = [
  { dir: 'packages/app/dist', what: 'the SPA', build: 'cd packages/app && npx vite build' },
  { dir: 'packages/widgets/dist-standalone', what: 'the standalone scripts', build: 'cd packages/widgets && npx vite build -c vite.standalone.config.ts' },
  { dir: 'packages/widgets/dist', what: "the widgets' library", build: 'cd packages/widgets && npx vite build' },
] as const;

describe('no zod in a browser (ADR 46)', () => {
  it('should load no zod module when a page imports everything @cadence/core exports', async () => {
    const { zod, all } = await zodModulesLoadedBy("export * from '@cadence/core';");
    // The entry was really bundled: its rules, its client and the date library are in.
    expect(all).toEqual(expect.arrayContaining(['packages/core/src/policy.ts', 'packages/core/src/client/http-client.ts']));
    expect(zod, 'zod modules loaded by @cadence/core').toEqual([]);
  });

  it('should find zod loaded by the schemas entry, and by a browser entry that re-exports a schema', async () => {
    expect((await zodModulesLoadedBy("export { campaignSchema } from '@cadence/core/schemas';")).zod).not.toEqual([]);
    const leaky = "export * from '@cadence/core';\nexport { idSchema } from './packages/core/src/schemas/common';";
    expect((await zodModulesLoadedBy(leaky)).zod).not.toEqual([]);
  });

  it('should find no shipped widget or app source importing zod or core\'s schemas', () => {
    const sources = ['packages/widgets', 'packages/app'].flatMap((p) => shippedSources(p));
    expect(sources.length).toBeGreaterThan(50);
    const importing = sources.filter((f) => /from\s*['"](?:zod|@cadence\/core\/schemas)['"]/.test(readFileSync(f, 'utf8'))).map(rel);
    expect(importing, 'browser sources importing zod or @cadence/core/schemas (forms check with core/src/rules/campaign-checks.ts and rules/forms/)').toEqual([]);
  });

  for (const { dir, what, build } of SHIPPED) {
    it(`should find no zod code in ${what} (${dir})`, (ctx) => {
      const files = built(dir, ['.js']);
      if (files === null) {
        ctx.skip(`${dir} does not exist: nothing built to check (build it with \`${build}\`; CI builds before testing)`);
        return;
      }
      expect(files.length, `JS files in ${dir}`).toBeGreaterThan(0);
      expect(zodInBuild(files), `zod in ${dir}`).toEqual([]);
    });
  }

  it("should find no import of zod behind core's built browser entry (packages/core/dist/index.js)", (ctx) => {
    const dist = path.join(root, 'packages/core/dist');
    if (!existsSync(path.join(dist, 'index.js'))) {
      ctx.skip('packages/core/dist does not exist: nothing built to check');
      return;
    }
    // The two entries share chunks: none that index.js imports may import zod.
    expect(schemaImportsOfLibrary(dist, ['index.js'])).toEqual([]);
    expect(schemaImportsOfLibrary(dist, ['schemas.js'])).not.toEqual([]);
  });

  it("should find no import of zod or core's schemas behind the widgets' library entries", (ctx) => {
    const dist = path.join(root, 'packages/widgets/dist');
    if (!existsSync(dist)) {
      ctx.skip('packages/widgets/dist does not exist: nothing built to check');
      return;
    }
    const entries = widgetLibraryEntries();
    expect(entries).toEqual(expect.arrayContaining(['index.js', 'calendar.js']));
    expect(schemaImportsOfLibrary(dist, entries)).toEqual([]);
  });
});

describe('the zod detectors', () => {
  it("should see zod's class names in minified code, and not our code", () => {
    expect(zodSigns('const a=$constructor("$ZodType",(e,t)=>{e._zod.def=t});class b extends Error{name="$ZodError"}')).toEqual(['$ZodType', '$ZodError']);
    expect(zodSigns('function checkCampaignCreate(e){return[]}const ZodLike="zod-free"')).toEqual([]);
  });

  it('should see zod paths in source maps and bundles, pnpm layout or not', () => {
    expect(isZodPath('../../node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/core/core.js')).toBe(true);
    expect(isZodPath('node_modules/zod/index.js')).toBe(true);
    expect(isZodPath('packages/core/src/schemas/campaign.ts')).toBe(false);
    expect(isZodPath('node_modules/zod-to-json/index.js')).toBe(false);
  });
});
