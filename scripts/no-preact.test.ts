import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtFiles } from './built-files';

/**
 * The stack is React and React DOM (ADR 37, superseding ADR 30's preact/compat): no package of
 * ours may depend on Preact, alias React to it, or ship it in a bundle. The bundle checks read
 * what a build left (CI builds before it tests); without a build folder they say so and pass.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p: string) => path.relative(root, p);

/** The workspace's packages (pnpm-workspace.yaml: packages/*, storybook, examples/*, bench) and the root. */
function ourPackageDirs(): string[] {
  const children = (dir: string) =>
    existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(dir, d.name))
      : [];
  return ['.', ...children('packages'), 'storybook', ...children('examples'), 'bench'].filter((d) => existsSync(path.join(root, d, 'package.json')));
}

/** The `importers:` section of pnpm-lock.yaml, one block of text per importer (our packages' resolved dependencies). */
export function lockImporters(lock: string): Map<string, string> {
  const lines = lock.split('\n');
  const start = lines.findIndex((l) => l === 'importers:');
  const out = new Map<string, string>();
  if (start < 0) return out;
  let name: string | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break; // the next top-level key (`packages:`)
    const head = /^ {2}(\S.*):$/.exec(line);
    if (head) {
      name = head[1]!.replace(/^'(.*)'$/, '$1');
      out.set(name, '');
    } else if (name !== undefined) {
      out.set(name, `${out.get(name)}${line}\n`);
    }
  }
  return out;
}

/**
 * Preact's marks in a minified bundle: its name (imports, devtools hook) and the regular
 * expressions minifiers cannot rename: compat's SVG attribute names and the core's MathML tags.
 */
const PREACT_SIGNS: readonly (string | RegExp)[] = [/preact/i, '__PREACT_DEVTOOLS__', 'clip(?!PathU)', 'm(i|n|o|s|text|space)'];

export function preactSigns(code: string): string[] {
  return PREACT_SIGNS.filter((s) => (typeof s === 'string' ? code.includes(s) : s.test(code))).map(String);
}

const built = (dir: string, exts: readonly string[]) => builtFiles(root, dir, exts);

/** Preact found in the built JS files of `dir` (and in their source maps' sources), as `file: signs`. */
function preactInBuild(files: string[]): string[] {
  return files.flatMap((file) => {
    const signs = preactSigns(readFileSync(file, 'utf8'));
    const map = `${file}.map`;
    if (existsSync(map)) {
      const sources: string[] = JSON.parse(readFileSync(map, 'utf8')).sources ?? [];
      const fromPreact = sources.filter((s) => /node_modules\/(?:\.pnpm\/)?(?:@preact\/|preact[@/])/.test(s));
      if (fromPreact.length) signs.push(`source map: ${fromPreact.slice(0, 3).join(', ')}`);
    }
    return signs.length ? [`${rel(file)}: ${signs.join('; ')}`] : [];
  });
}

const SHIPPED = [
  { dir: 'packages/app/dist', what: 'the SPA', build: 'cd packages/app && npx vite build' },
  { dir: 'packages/widgets/dist-standalone', what: 'the standalone scripts', build: 'cd packages/widgets && npx vite build -c vite.standalone.config.ts' },
] as const;

describe('no Preact in the stack (ADR 37)', () => {
  it('should find no package.json of ours naming preact', () => {
    const dirs = ourPackageDirs();
    expect(dirs).toEqual(expect.arrayContaining(['.', 'packages/app', 'packages/widgets', 'storybook', 'bench']));
    const naming = dirs.filter((d) => /preact/i.test(readFileSync(path.join(root, d, 'package.json'), 'utf8')));
    expect(naming, 'package.json files mentioning preact').toEqual([]);
  });

  it('should find no importer of ours resolving preact in pnpm-lock.yaml', () => {
    const importers = lockImporters(readFileSync(path.join(root, 'pnpm-lock.yaml'), 'utf8'));
    const ours = ourPackageDirs();
    expect([...importers.keys()]).toEqual(expect.arrayContaining(ours));
    const resolving = [...importers].filter(([, block]) => /preact/i.test(block)).map(([name]) => name);
    expect(resolving, 'lockfile importers with preact').toEqual([]);
  });

  for (const { dir, what, build } of SHIPPED) {
    it(`should find no Preact in ${what} (${dir})`, (ctx) => {
      const files = built(dir, ['.js']);
      if (files === null) {
        ctx.skip(`${dir} does not exist: nothing built to check (build it with \`${build}\`; CI builds before testing)`);
        return;
      }
      expect(preactInBuild(files), `Preact in ${dir}`).toEqual([]);
    });
  }

  it('should carry React, production build, inside the standalone scripts\' chunks (ADR 8, ADR 37)', (ctx) => {
    const files = built('packages/widgets/dist-standalone', ['.js']);
    if (files === null) {
      ctx.skip('packages/widgets/dist-standalone does not exist: nothing built to check');
      return;
    }
    // Each script is a classic loader (dist-standalone/<name>.js) importing its ES entry from
    // chunks/; React is in a chunk the entries share, never an external global or import.
    const loaders = files.filter((f) => path.dirname(f) === path.join(root, 'packages/widgets/dist-standalone'));
    const chunks = files.filter((f) => !loaders.includes(f));
    expect(loaders.map((f) => path.basename(f)).sort()).toEqual(['cadence-calendar.js', 'cadence-widgets.js']);
    // (Booleans, not the code: a failure should not print a whole bundle.)
    expect(chunks.some((f) => readFileSync(f, 'utf8').includes('react.transitional.element')), 'React 19 inside a chunk').toBe(true);
    const problems = files.flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      return [
        // Another page has no `process`, and no import map naming react.
        code.includes('process.env.NODE_ENV') && `${rel(file)}: process.env.NODE_ENV left in`,
        /\bfrom\s*["'`]react(?:-dom)?(?:\/[^"'`]*)?["'`]/.test(code) && `${rel(file)}: imports react by name`,
        /react_stack_bottom_frame|Invalid hook call/.test(code) && `${rel(file)}: React's development build`,
      ].filter((p): p is string => typeof p === 'string');
    });
    expect(problems).toEqual([]);
  });
});

describe('the Preact detectors', () => {
  it('should see preact/compat and Preact in minified code, and not React', () => {
    expect(preactSigns('var $=/^(?:accent|alignment|arabic|baseline|cap|clip(?!PathU)|color)[A-Z]/')).toEqual(['clip(?!PathU)']);
    expect(preactSigns('v=/^m(i|n|o|s|text|space)$/')).toEqual(['m(i|n|o|s|text|space)']);
    expect(preactSigns('import{h}from"preact";window.__PREACT_DEVTOOLS__')).toHaveLength(2);
    expect(preactSigns('var e=Symbol.for("react.transitional.element");createRoot(n)')).toEqual([]);
  });

  it('should read the importers of a lockfile, up to the packages section', () => {
    const lock = [
      "lockfileVersion: '9.0'",
      'importers:',
      '',
      '  .:',
      '    devDependencies:',
      '      vitest:',
      '        specifier: ^4.1.0',
      '  packages/app:',
      '    dependencies:',
      '      preact:',
      '        specifier: ^11.2.0',
      'packages:',
      '  preact@11.2.0:',
    ].join('\n');
    const importers = lockImporters(lock);
    expect([...importers.keys()]).toEqual(['.', 'packages/app']);
    expect(importers.get('.')).not.toMatch(/preact/);
    expect(importers.get('packages/app')).toMatch(/preact/);
  });
});
