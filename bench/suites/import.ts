import type { Suite } from '../lib/types.js';

export const importSuite: Suite = {
  name: 'import',
  description: 'not written yet',
  async run() {
    throw new Error('the import suite is not written yet');
  },
};
