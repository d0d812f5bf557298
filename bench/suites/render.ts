import type { Suite } from '../lib/types.js';

export const renderSuite: Suite = {
  name: 'render',
  description: 'not written yet',
  async run() {
    throw new Error('the render suite is not written yet');
  },
};
