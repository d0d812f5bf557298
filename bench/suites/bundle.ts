import type { Suite } from '../lib/types.js';

export const bundleSuite: Suite = {
  name: 'bundle',
  description: 'not written yet',
  async run() {
    throw new Error('the bundle suite is not written yet');
  },
};
