import type { Suite } from '../lib/types.js';

export const coldStartSuite: Suite = {
  name: 'cold-start',
  description: 'not written yet',
  async run() {
    throw new Error('the cold-start suite is not written yet');
  },
};
