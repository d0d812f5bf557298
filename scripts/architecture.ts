import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Which workspace packages each package may import (docs/architecture.md#dependency-direction): core ← server, widgets, cli; widgets ← app. */
export const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  server: ['core'],
  widgets: ['core'],
  cli: ['core'],
  app: ['core', 'widgets'],
};

/** Imports that core must never use: it runs in browsers and in Node alike. */
const CORE_FORBIDDEN = /^(node:|react$|react-dom|fs$|path$|crypto$|http$)/;

const IMPORT_RE = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(IMPORT_RE)) found.push((m[1] ?? m[2] ?? m[3])!);
  return found;
}

const exported = new Map<string, Set<string>>();

/** The subpaths a package declares in its `exports` (e.g. `./testing`): entry points, not deep imports. */
function exportedPaths(packagesDir: string, pkg: string): Set<string> {
  let paths = exported.get(pkg);
  if (!paths) {
    try {
      const exports = JSON.parse(readFileSync(path.join(packagesDir, pkg, 'package.json'), 'utf8')).exports;
      paths = new Set(exports && typeof exports === 'object' ? Object.keys(exports).filter((k) => k !== '.') : []);
    } catch {
      paths = new Set();
    }
    exported.set(pkg, paths);
  }
  return paths;
}

/** Returns one message per broken rule in one source file of package `pkg`. */
export function checkFile(pkg: string, file: string, source: string, packagesDir: string): string[] {
  const problems: string[] = [];
  for (const spec of importsOf(source)) {
    const workspace = /^@cadence\/([^/]+)(\/.*)?$/.exec(spec);
    if (workspace) {
      const [, target, deep] = workspace;
      if (deep && !exportedPaths(packagesDir, target!).has(`.${deep}`)) problems.push(`${file}: imports "${spec}": use the package entry point "@cadence/${target}"`);
      if (target !== pkg && !ALLOWED[pkg]?.includes(target!)) {
        problems.push(`${file}: ${pkg} may not depend on ${target} (allowed: ${ALLOWED[pkg]?.join(', ') || 'none'})`);
      }
    } else if (spec.startsWith('.')) {
      const resolved = path.resolve(path.dirname(file), spec);
      const own = path.join(packagesDir, pkg) + path.sep;
      if (!resolved.startsWith(own)) problems.push(`${file}: relative import "${spec}" leaves package ${pkg}`);
    } else if (pkg === 'core' && CORE_FORBIDDEN.test(spec)) {
      problems.push(`${file}: core must stay free of Node and React, but imports "${spec}"`);
    }
  }
  return problems;
}

/**
 * Layers inside one package's src/: a file under `from` may not import a file under any of `not`.
 * The app is assembled at the top (server/src/app.ts), so generic HTTP pieces and auth (which
 * HTTP and realtime both use) never depend on the route tree or on the realtime feed.
 */
export const LAYERS: readonly { pkg: string; from: string; not: readonly string[] }[] = [
  { pkg: 'server', from: 'http/', not: ['routes/', 'app.ts'] },
  { pkg: 'server', from: 'auth/', not: ['routes/', 'realtime/', 'app.ts'] },
];

/** Packages whose src/ must have no import cycle, type-only imports included. */
export const CYCLE_FREE: readonly string[] = ['core', 'server', 'widgets', 'app', 'cli'];

const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** The file a relative import names, among `files`; undefined for a bare specifier or a non-source file. */
export function resolveImport(file: string, spec: string, files: ReadonlySet<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(file), spec);
  const candidates = [...RESOLVE_SUFFIXES.map((suffix) => base + suffix), base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts')];
  return candidates.find((c) => files.has(c));
}

/** Each file's relative imports (type-only and dynamic ones too) that resolve to another of the given files. */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const files = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const targets = importsOf(source).flatMap((spec) => resolveImport(file, spec, files) ?? []);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * Import cycles, each as the files in import order with the first repeated at the end.
 * A depth-first search reports one cycle per back edge: at least one for every tangle,
 * so an empty result means the graph has none.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/** One message per broken layer rule in a file of `pkg` (a path relative to the package's src/). */
export function checkLayers(pkg: string, fileInSrc: string, importsInSrc: readonly string[]): string[] {
  return LAYERS.filter((rule) => rule.pkg === pkg && fileInSrc.startsWith(rule.from)).flatMap((rule) =>
    importsInSrc
      .filter((target) => rule.not.some((below) => target === below || (below.endsWith('/') && target.startsWith(below))))
      .map((target) => `packages/${pkg}/src/${fileInSrc}: ${rule.from} may not import ${target} (layers: ${rule.not.join(', ')} sit above it)`),
  );
}

/** Import cycles and layer breaks inside one package's src/. */
export function checkInternalImports(root: string, pkg: string): string[] {
  const srcDir = path.join(root, 'packages', pkg, 'src');
  const sources = new Map(sourceFiles(srcDir).map((f) => [f, readFileSync(f, 'utf8')] as const));
  const graph = importGraph(sources);
  const inSrc = (f: string) => path.relative(srcDir, f).split(path.sep).join('/');
  const problems = [...graph].flatMap(([file, targets]) => checkLayers(pkg, inSrc(file), targets.map(inSrc)));
  if (CYCLE_FREE.includes(pkg)) {
    for (const cycle of findCycles(graph)) problems.push(`packages/${pkg}/src: import cycle ${cycle.map(inSrc).join(' → ')}`);
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name.startsWith('dist') ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(name) ? [full] : [];
  });
}

export function checkPackageJson(pkg: string, manifest: { dependencies?: object; devDependencies?: object; peerDependencies?: object }): string[] {
  const deps = [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies].flatMap((d) => Object.keys(d ?? {}));
  return deps
    .filter((d) => d.startsWith('@cadence/'))
    .map((d) => d.slice('@cadence/'.length))
    .filter((target) => !ALLOWED[pkg]?.includes(target))
    .map((target) => `packages/${pkg}/package.json: ${pkg} may not depend on ${target}`);
}

export function checkWorkspace(root: string): string[] {
  const packagesDir = path.join(root, 'packages');
  return Object.keys(ALLOWED).flatMap((pkg) => {
    const dir = path.join(packagesDir, pkg);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return [
      ...checkPackageJson(pkg, manifest),
      ...sourceFiles(path.join(dir, 'src')).flatMap((f) => checkFile(pkg, f, readFileSync(f, 'utf8'), packagesDir)),
      ...checkInternalImports(root, pkg),
    ];
  });
}
