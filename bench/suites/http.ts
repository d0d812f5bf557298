import type { Suite } from '../lib/types.js';

export const httpSuite: Suite = {
  name: 'http',
  description: 'not written yet',
  async run() {
    throw new Error('the http suite is not written yet');
  },
};
