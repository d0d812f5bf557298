import { describe, expect, it } from 'vitest';
import { longestFirst } from './sequencer';

const file = (project: string, name: string) => ({ key: `${project}:${name}`, project });

describe('the order test files start in', () => {
  it('should start the longest recorded files first, across projects', () => {
    const recorded = { 'e2e:a.e2e.ts': 400, 'server-isolated:matrix.test.ts': 290, 'core:x.test.ts': 1, 'widgets:a11y.test.tsx': 240 };
    const order = longestFirst([file('core', 'x.test.ts'), file('widgets', 'a11y.test.tsx'), file('server-isolated', 'matrix.test.ts'), file('e2e', 'a.e2e.ts')], recorded);
    expect(order.map((f) => f.key)).toEqual(['e2e:a.e2e.ts', 'server-isolated:matrix.test.ts', 'widgets:a11y.test.tsx', 'core:x.test.ts']);
  });

  it('should place a file not recorded yet at its project’s median, neither first nor last', () => {
    const recorded = { 'e2e:slow.e2e.ts': 300, 'e2e:mid.e2e.ts': 60, 'e2e:quick.e2e.ts': 20, 'core:x.test.ts': 1 };
    const order = longestFirst([file('core', 'x.test.ts'), file('e2e', 'new.e2e.ts'), file('e2e', 'slow.e2e.ts'), file('e2e', 'quick.e2e.ts')], recorded);
    expect(order.map((f) => f.key)).toEqual(['e2e:slow.e2e.ts', 'e2e:new.e2e.ts', 'e2e:quick.e2e.ts', 'core:x.test.ts']);
  });

  it('should keep a stable order without any recording', () => {
    const order = longestFirst([file('b', 'y.ts'), file('a', 'z.ts'), file('a', 'x.ts')], {});
    expect(order.map((f) => f.key)).toEqual(['a:x.ts', 'a:z.ts', 'b:y.ts']);
  });
});
