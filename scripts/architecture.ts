import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Which workspace packages each package may import (DESIGN §1): core ← server, widgets, cli; widgets ← app. */
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

/** Returns one message per broken rule in one source file of package `pkg`. */
export function checkFile(pkg: string, file: string, source: string, packagesDir: string): string[] {
  const problems: string[] = [];
  for (const spec of importsOf(source)) {
    const workspace = /^@cadence\/([^/]+)(\/.*)?$/.exec(spec);
    if (workspace) {
      const [, target, deep] = workspace;
      if (deep) problems.push(`${file}: imports "${spec}": use the package entry point "@cadence/${target}"`);
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
    ];
  });
}
