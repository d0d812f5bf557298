import { describe, expect, it } from 'vitest';
import { frontLoaded } from './sequencer';

const file = (project: string, name: string) => ({ project, name });

describe('the order test files start in', () => {
  it('should move the named projects’ files to the front, keeping the order within each part', () => {
    const order = frontLoaded([file('app', 'a'), file('cli', 'b'), file('server-isolated', 'matrix'), file('widgets', 'c'), file('server-isolated', 'audit')], ['server-isolated']);
    expect(order.map((f) => f.name)).toEqual(['matrix', 'audit', 'a', 'b', 'c']);
  });

  it('should leave the order alone when no file belongs to a named project', () => {
    const files = [file('app', 'a'), file('cli', 'b')];
    expect(frontLoaded(files, ['server-isolated'])).toEqual(files);
  });
});
