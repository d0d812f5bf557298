import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALLOWED, checkFile, checkPackageJson, checkWorkspace, importsOf } from './architecture';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packagesDir = path.join(root, 'packages');

describe('dependency direction', () => {
  it('should hold for every package of the workspace', () => {
    expect(checkWorkspace(root)).toEqual([]);
  });

  it('should know every package in packages/', () => {
    expect(readdirSync(packagesDir).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('should flag core importing the server', () => {
    const file = path.join(packagesDir, 'core/src/x.ts');
    expect(checkFile('core', file, "import { createApp } from '@cadence/server';", packagesDir)).toHaveLength(1);
  });

  it('should flag the server importing widgets and reaching into another package', () => {
    const file = path.join(packagesDir, 'server/src/x.ts');
    const source = "import { Calendar } from '@cadence/widgets';\nimport { x } from '../../core/src/dates';\nimport { y } from '@cadence/core/src/dates';";
    expect(checkFile('server', file, source, packagesDir)).toHaveLength(3);
  });

  it('should flag Node APIs in core and accept type-only and dynamic imports', () => {
    const file = path.join(packagesDir, 'core/src/x.ts');
    expect(checkFile('core', file, "import fs from 'node:fs';", packagesDir)).toHaveLength(1);
    expect(importsOf("import type { A } from './a';\nconst b = await import('./b');")).toEqual(['./a', './b']);
  });

  it('should flag a package.json dependency that points the wrong way', () => {
    expect(checkPackageJson('widgets', { dependencies: { '@cadence/server': 'workspace:*' } })).toHaveLength(1);
    expect(checkPackageJson('app', { dependencies: { '@cadence/widgets': 'workspace:*', '@cadence/core': 'workspace:*' } })).toEqual([]);
  });
});
