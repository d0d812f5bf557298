import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The widgets and core are read from source, like the tests do (ADR 0001): no build first.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  viteFinal: async (vite) => ({
    ...vite,
    resolve: {
      ...vite.resolve,
      dedupe: ['react', 'react-dom'],
      alias: [
        { find: /^@cadence\/widgets\/testing$/, replacement: path('../../packages/widgets/src/testing.ts') },
        { find: /^@cadence\/widgets$/, replacement: path('../../packages/widgets/src/index.ts') },
        { find: /^@cadence\/core$/, replacement: path('../../packages/core/src/index.ts') },
        { find: /^@cadence\/core\/forms$/, replacement: path('../../packages/core/src/forms.ts') },
        // The stories' in-memory client validates with the schemas, as the server does.
        { find: /^@cadence\/core\/schemas$/, replacement: path('../../packages/core/src/schemas.ts') },
      ],
    },
  }),
};
export default config;
