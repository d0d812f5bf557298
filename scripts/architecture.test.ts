import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED,
  checkFile,
  checkInternalImports,
  checkLayers,
  checkPackageJson,
  checkWorkspace,
  findCycles,
  importGraph,
  importsOf,
} from './architecture';

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

  it('should take a subpath the package exports (widgets/testing) as an entry point, and no other', () => {
    const file = path.join(packagesDir, 'app/src/x.test.tsx');
    expect(checkFile('app', file, "import { createMemoryClient } from '@cadence/widgets/testing';", packagesDir)).toEqual([]);
    expect(checkFile('app', file, "import { x } from '@cadence/widgets/src/provider/context';", packagesDir)).toHaveLength(1);
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

describe('imports inside a package', () => {
  const src = path.join(packagesDir, 'server/src');
  const graphOf = (files: Record<string, string>) => importGraph(new Map(Object.entries(files).map(([f, source]) => [path.join(src, f), source])));
  const cyclesOf = (files: Record<string, string>) => findCycles(graphOf(files)).map((cycle) => cycle.map((f) => path.relative(src, f)));

  it('should find no import cycle and no layer break in the server', () => {
    expect(checkInternalImports(root, 'server')).toEqual([]);
  });

  it('should flag a cycle closed by a type-only import, naming its files in order', () => {
    const files = {
      'auth/credentials.ts': "import type { AuthState } from '../http/authenticate';",
      'http/authenticate.ts': "import { resolveCredential } from '../auth/credentials';",
      'errors.ts': '',
    };
    expect(cyclesOf(files)).toEqual([['auth/credentials.ts', 'http/authenticate.ts', 'auth/credentials.ts']]);
  });

  it('should flag a longer cycle through a folder index and a .js specifier', () => {
    const files = {
      'a.ts': "export { b } from './routes';",
      'routes/index.ts': "import { c } from '../c.js';",
      'c.ts': "const a = await import('./a');",
    };
    expect(cyclesOf(files)).toEqual([['a.ts', 'routes/index.ts', 'c.ts', 'a.ts']]);
  });

  it('should accept shared imports that form no cycle', () => {
    const files = {
      'app.ts': "import { a } from './http/a';\nimport { b } from './http/b';\nimport { z } from 'zod';",
      'http/a.ts': "import { b } from './b';",
      'http/b.ts': "import type { Services } from '../services';",
      'services.ts': "import type { Config } from './config';",
    };
    expect(cyclesOf(files)).toEqual([]);
  });

  it('should flag http/ importing the route tree or the app, and auth/ importing routes or realtime', () => {
    expect(checkLayers('server', 'http/route.ts', ['routes/index.ts', 'app.ts', 'errors.ts'])).toHaveLength(2);
    expect(checkLayers('server', 'auth/credentials.ts', ['realtime/hub.ts', 'routes/users/routes.ts', 'auth/users.ts'])).toHaveLength(2);
    expect(checkLayers('server', 'app.ts', ['routes/index.ts', 'http/route.ts'])).toEqual([]);
  });
});
