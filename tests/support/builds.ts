import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildFresh } from '../../packages/server/src/test/build-freshness';
import { SERVER_BIN, SERVER_SOURCES } from '../../packages/server/src/test/server-process';

// The built artefacts the end-to-end and CLI suites drive (the SPA, the standalone widgets
// script, the `cadence` binary), each built only when older than its sources. The suites' global
// setup builds them once before any worker starts, so files running side by side never build
// the same folder at once; a file run alone still builds what it needs.

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Build {
  /** The file whose age says when the build last ran. */
  output: string;
  /** Folders and files (from the repository root) the build reads. */
  sources: readonly string[];
  cwd: string;
  args: readonly string[];
  /** A second Node command, run after the first (the server's migrated database). */
  then?: readonly string[];
  env?: Record<string, string>;
}

function ensureBuilt(b: Build): void {
  if (isBuildFresh(b.output, b.sources.map((s) => path.join(root, s)))) return;
  execFileSync(process.execPath, [...b.args], { cwd: b.cwd, stdio: 'inherit', env: { ...process.env, ...b.env } });
  if (b.then) execFileSync(process.execPath, [...b.then], { cwd: b.cwd, stdio: 'inherit', env: { ...process.env, ...b.env } });
  if (!existsSync(b.output)) throw new Error(`the build in ${b.cwd} produced no ${path.relative(root, b.output)}`);
}

const CORE_AND_WIDGETS = ['packages/core/src', 'packages/widgets/src'];
const appDir = path.join(root, 'packages/app');
const widgetsDir = path.join(root, 'packages/widgets');
const cliDir = path.join(root, 'packages/cli');

/** The SPA in packages/app/dist (what the server serves at `/`), built from the sibling packages' sources. */
export const ensureAppBuilt = () =>
  ensureBuilt({
    output: path.join(appDir, 'dist/index.html'),
    sources: ['packages/app/src', 'packages/app/index.html', 'packages/app/vite.config.ts', ...CORE_AND_WIDGETS],
    cwd: appDir,
    args: [path.join(appDir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // React's production build, as shipped, not the development one NODE_ENV=test would pick
    // (the config forces it too).
    env: { NODE_ENV: 'production' },
  });

/** The standalone widgets script intranet pages load (dist-standalone/cadence-widgets.js, built with cadence-calendar.js and their chunks/). */
export const STANDALONE_BUNDLE = path.join(widgetsDir, 'dist-standalone/cadence-widgets.js');
export const ensureStandaloneBuilt = () =>
  ensureBuilt({
    output: STANDALONE_BUNDLE,
    sources: [...CORE_AND_WIDGETS, 'packages/widgets/vite.standalone.config.ts'],
    cwd: widgetsDir,
    args: [path.join(widgetsDir, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'vite.standalone.config.ts', '--logLevel', 'warn'],
    // Vitest sets NODE_ENV=test, which would make Vite emit the dev JSX runtime (the config forces production too).
    env: { NODE_ENV: 'production' },
  });

/** The real `cadence` binary, as users get it. */
export const CLI_BIN = path.join(cliDir, 'dist/cadence.js');
export const ensureCliBuilt = () =>
  ensureBuilt({
    output: CLI_BIN,
    sources: ['packages/cli/src', 'packages/cli/tsup.config.ts', 'packages/core/src'],
    cwd: cliDir,
    args: [path.join(root, 'node_modules/tsup/dist/cli-default.js')],
  });

/** The server the end-to-end, CLI and resilience suites start (server-process.ts runs the build when it is fresh). */
const serverDir = path.join(root, 'packages/server');
export const ensureServerBuilt = () =>
  ensureBuilt({
    output: SERVER_BIN,
    sources: SERVER_SOURCES.map((s) => path.relative(root, s)),
    cwd: serverDir,
    // The package's build: the bundle, then the migrated database it starts from.
    args: [path.join(root, 'node_modules/tsup/dist/cli-default.js')],
    then: ['dist/bin.js', 'write-initial-snapshot', 'dist/pglite-initial.tar.gz'],
  });
