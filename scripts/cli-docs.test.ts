import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { renderCliDocs } from './cli-docs';

it('should keep docs/cli.md in step with the commands (run `pnpm docs:cli` after changing one)', () => {
  const docs = readFileSync(new URL('../docs/cli.md', import.meta.url), 'utf8');
  expect(docs).toBe(renderCliDocs());
  for (const cmd of ['login', 'permissions apply', 'keys create', 'import', 'export', 'template']) expect(docs).toContain(`## cadence ${cmd}`);
});
