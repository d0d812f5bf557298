import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts', 'password-worker': 'src/auth/password-worker.mjs' },
  format: ['esm'],
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
  // Workspace packages are bundled from source; npm dependencies stay external.
  noExternal: [/^@cadence\//],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
