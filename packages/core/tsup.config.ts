import { defineConfig } from 'tsup';

export default defineConfig({
  // Two entries (docs/adr/0046-core-entries.md): the zod-free one for browsers, and the schemas.
  entry: ['src/index.ts', 'src/schemas.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
