import { defineConfig } from 'tsup';

export default defineConfig({
  // Two entries (docs/adr/0046-core-entries.md): the zod-free one for browsers, and the schemas;
  // the campaign form's checks (docs/adr/0067); and the helpers of the workspace's tests, which leave Vitest to the test run.
  entry: ['src/index.ts', 'src/schemas.ts', 'src/forms.ts', 'src/testing.ts'],
  external: ['vitest'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
