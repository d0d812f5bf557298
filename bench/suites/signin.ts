import type { Suite } from '../lib/types.js';

export const signinSuite: Suite = {
  name: 'signin',
  description: 'not written yet',
  async run() {
    throw new Error('the signin suite is not written yet');
  },
};
