import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A host app of its own: it imports the built ESM of @cadence/widgets (run `pnpm build` at the
// root first). VITE_CADENCE_URL and VITE_CADENCE_ACCESS_KEY configure the provider.
export default defineConfig({
  plugins: [react()],
  server: { port: 5180 },
  preview: { port: 5180 },
});
