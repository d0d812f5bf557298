import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { cadence: 'src/bin.ts' },
  format: ['esm'],
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
  // Workspace packages are bundled from source; npm dependencies stay external.
  noExternal: [/^@cadence\//],
  banner: { js: '#!/usr/bin/env node' },
});
