import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STYLE_PARTS } from './parts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the stylesheet parts', () => {
  it('name every .css file here, so styles.css and cadenceStyles leave none out', () => {
    const files = readdirSync(here).filter((f) => f.endsWith('.css')).map((f) => f.replace(/\.css$/, ''));
    expect([...files].sort()).toEqual([...STYLE_PARTS].sort());
  });

  it('are joined by cadenceStyles in the same order, the base first', () => {
    const source = readFileSync(path.join(here, 'all-styles.ts'), 'utf8');
    const joined = source.match(/\[([^\]]+)\]\.join/)![1]!.split(',').map((s) => s.trim());
    const fileOf = Object.fromEntries([...source.matchAll(/import (\w+) from '\.\/([\w-]+)\.css\?inline'/g)].map((m) => [m[1], m[2]]));
    expect(joined.map((name) => fileOf[name])).toEqual([...STYLE_PARTS]);
  });
});
