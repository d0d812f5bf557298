import { describe, expect, it } from 'vitest';
import { exportedNames, schemasSpecifier, splitCoreImports } from './split-core-imports';

const SCHEMAS = new Set(['campaignSchema', 'idSchema', 'CAMPAIGN_IMPORT']);

describe('splitCoreImports (re-run at merges, docs/adr/0046-core-entries.md)', () => {
  it('should move the schemas to their entry and leave the rest where it was', () => {
    const source = "import { can, campaignSchema, type Campaign } from '@cadence/core';\nimport { z } from 'zod';\n";
    expect(splitCoreImports(source, SCHEMAS)).toBe(
      "import { can, type Campaign } from '@cadence/core';\nimport { campaignSchema } from '@cadence/core/schemas';\nimport { z } from 'zod';\n",
    );
  });

  it('should leave only types as `import type`, and a statement with only schemas pointed at the schemas', () => {
    expect(splitCoreImports("import { idSchema, type Principal } from '@cadence/core';", SCHEMAS)).toBe(
      "import type { Principal } from '@cadence/core';\nimport { idSchema } from '@cadence/core/schemas';",
    );
    expect(splitCoreImports("import { idSchema as id } from '@cadence/core';", SCHEMAS)).toBe("import { idSchema as id } from '@cadence/core/schemas';");
  });

  it('should split imports of core by source path, and keep long lists one name a line', () => {
    expect(splitCoreImports("import { CAMPAIGN_IMPORT, toCsv } from '../../packages/core/src/index.js';", SCHEMAS)).toBe(
      "import { toCsv } from '../../packages/core/src/index.js';\nimport { CAMPAIGN_IMPORT } from '../../packages/core/src/schemas.js';",
    );
    const long = [...Array(12).keys()].map((i) => `someRatherLongName${i}`);
    const out = splitCoreImports(`import {\n  idSchema,\n  ${long.join(',\n  ')},\n} from '@cadence/core';`, SCHEMAS)!;
    expect(out).toBe(`import {\n  ${long.join(',\n  ')},\n} from '@cadence/core';\nimport { idSchema } from '@cadence/core/schemas';`);
  });

  it('should change nothing in a file without schemas, or once it has run', () => {
    expect(splitCoreImports("import { can } from '@cadence/core';\nimport { campaignSchema } from 'elsewhere';", SCHEMAS)).toBeNull();
    const once = splitCoreImports("import { can, campaignSchema } from '@cadence/core';", SCHEMAS)!;
    expect(splitCoreImports(once, SCHEMAS)).toBeNull();
  });

  it("should read an entry's exported names, and know which specifiers are core's browser entry", () => {
    expect([...exportedNames("export { a, b as c } from './x';\nexport const d = 1;\nexport type { E } from './y';")]).toEqual(['a', 'c', 'd', 'E']);
    expect(schemasSpecifier('@cadence/core')).toBe('@cadence/core/schemas');
    expect(schemasSpecifier('@cadence/core/schemas')).toBeNull();
    expect(schemasSpecifier('@cadence/widgets')).toBeNull();
  });
});
