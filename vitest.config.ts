import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import FrontLoadedSequencer from './tests/support/sequencer';

// Tests import sibling packages through their entry point's source, so no build is
// needed before `vitest run`; the paths match tsconfig.base.json.
/** Server test files that mock core (vi.mock('@cadence/core')): they cannot share a module graph. */
const SERVER_MOCKING_CORE = ['packages/server/src/routes/authorization-matrix-*.test.ts', 'packages/server/src/test/policy-audit.test.ts'];
/** One migrated PGlite database per run, where each test's in-memory database starts (tests/support/pglite-snapshot.ts). */
const PGLITE_SNAPSHOT = 'tests/support/pglite-snapshot.ts';
const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  // Core's other entries first: the main entry's alias would otherwise swallow the subpaths.
  resolve: {
    alias: {
      '@cadence/core/schemas': fileURLToPath(new URL('./packages/core/src/schemas.ts', import.meta.url)),
      '@cadence/core/testing': fileURLToPath(new URL('./packages/core/src/testing.ts', import.meta.url)),
      '@cadence/core/forms': fileURLToPath(new URL('./packages/core/src/forms.ts', import.meta.url)),
      '@cadence/core': src('core'),
    },
  },
  test: {
    // Vitest's default (one worker per core but one) runs a 2-core machine's files one at a time,
    // while most of them wait on a server process, PGlite or Chromium: four side by side took the
    // full run from 16 to 9 minutes there (docs/architecture.md#tests).
    maxWorkers: Math.max(4, availableParallelism() - 1),
    // A poll waits for what a user would see arrive (a toast, a realtime change): with files side by
    // side on a busy machine that takes seconds, not the default one.
    expect: { poll: { timeout: 15_000 } },
    // Vitest's order, with the authorization matrix moved from last to first (docs/adr/0066-tests-start-longest-first.md).
    sequence: { sequencer: FrontLoadedSequencer },
    projects: [
      // Property tests (fast-check) run a hundred cases each: seconds when the shared machine is busy.
      { extends: true, test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], testTimeout: 20_000 } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: SERVER_MOCKING_CORE,
          globalSetup: [PGLITE_SNAPSHOT],
          pool: 'forks',
          // One module graph per worker, not per file: importing the server (Koa, Knex, PGlite's
          // WebAssembly, openid-client) took about five seconds for each of sixty files.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // These replace core's can() with a counting one (vi.mock): a worker of their own each.
        test: { name: 'server-isolated', include: SERVER_MOCKING_CORE, globalSetup: [PGLITE_SNAPSHOT], pool: 'forks', testTimeout: 30_000, hookTimeout: 120_000 },
      },
      { extends: true, test: { name: 'repo', include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts', 'tests/support/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'cli',
          include: ['packages/cli/src/**/*.test.ts', 'tests/cli/**/*.test.ts'],
          globalSetup: ['tests/support/global-builds.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'widgets',
          include: ['packages/widgets/src/**/*.test.{ts,tsx}'],
          exclude: ['packages/widgets/src/elements/**'],
          environment: 'jsdom',
          setupFiles: ['packages/widgets/src/testing/setup.ts'],
          // One jsdom and one module graph per worker, not per file: a fresh jsdom and React for each
          // of fifty files was a third of the suite's time. Each test cleans up after itself (setup.ts).
          isolate: false,
          // user-event types key by key: a form test takes seconds, and beside the browser suites on
          // two cores a dialog's test took 17 s alone and timed out at 20.
          testTimeout: 40_000,
        },
      },
      {
        extends: true,
        test: {
          // The custom elements register themselves once per window: each file needs a window of its own.
          name: 'widgets-elements',
          include: ['packages/widgets/src/elements/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/widgets/src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // The in-memory client first: the entry's alias would otherwise swallow the subpath.
        resolve: { alias: { '@cadence/widgets/testing': fileURLToPath(new URL('./packages/widgets/src/testing.ts', import.meta.url)), '@cadence/widgets': src('widgets') } },
        test: {
          name: 'app',
          include: ['packages/app/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          // The widgets' setup first: the app renders their dialogs, menus and tabs.
          setupFiles: ['packages/widgets/src/testing/setup.ts', 'packages/app/src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // One suite over the widgets' in-memory client and a server in this process (docs/architecture.md#client-contract).
        resolve: { alias: { '@cadence/widgets/testing': fileURLToPath(new URL('./packages/widgets/src/testing.ts', import.meta.url)) } },
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          globalSetup: [PGLITE_SNAPSHOT],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/support/global-builds.ts'],
          pool: 'forks',
          // A hang guard, not a speed check: CI hosts run several times slower than a quiet machine, and a
          // browser test of twelve seconds here took over a minute there (docs/adr/0071-ci-time.md).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
