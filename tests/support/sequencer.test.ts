import { describe, expect, it } from 'vitest';
import { frontLoaded } from './sequencer';

const file = (project: string, name: string) => ({ project, file: `/repo/${name}` });
const names = (files: Array<{ file: string }>) => files.map((f) => f.file.replace('/repo/', ''));

describe('the order test files start in', () => {
  it('should move the named projects’ files to the front, then the named files in their order, keeping the rest in order', () => {
    const order = frontLoaded(
      [file('app', 'a'), file('e2e', 'tests/e2e/screens.e2e.ts'), file('cli', 'b'), file('server-isolated', 'matrix-1'), file('widgets', 'w/a11y.test.tsx'), file('server-isolated', 'matrix-2')],
      ['server-isolated'],
      ['w/a11y.test.tsx', 'tests/e2e/screens.e2e.ts'],
    );
    expect(names(order)).toEqual(['matrix-1', 'matrix-2', 'w/a11y.test.tsx', 'tests/e2e/screens.e2e.ts', 'a', 'b']);
  });

  it('should leave the order alone when nothing is named', () => {
    const files = [file('app', 'a'), file('cli', 'b')];
    expect(frontLoaded(files, ['server-isolated'], ['tests/e2e/screens.e2e.ts'])).toEqual(files);
  });

  it('should match a named file by its whole last path segments, not a suffix of a name', () => {
    const files = [file('e2e', 'tests/e2e/other-screens.e2e.ts'), file('e2e', 'tests/e2e/screens.e2e.ts')];
    expect(names(frontLoaded(files, [], ['screens.e2e.ts']))).toEqual(['tests/e2e/screens.e2e.ts', 'tests/e2e/other-screens.e2e.ts']);
  });
});
