import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The resilience suite (`pnpm test:resilience`): attacks real server processes; run by .ci/run
// after the ordinary suite, on PGlite and on PostgreSQL.
export default defineConfig({
  resolve: {
    alias: {
      '@cadence/core/schemas': fileURLToPath(new URL('./packages/core/src/schemas.ts', import.meta.url)),
      '@cadence/core/forms': fileURLToPath(new URL('./packages/core/src/forms.ts', import.meta.url)),
      '@cadence/core': fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'resilience',
    include: ['tests/resilience/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
