import type { Suite } from '../lib/types.js';

export const realtimeSuite: Suite = {
  name: 'realtime',
  description: 'not written yet',
  async run() {
    throw new Error('the realtime suite is not written yet');
  },
};
