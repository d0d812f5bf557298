import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Each widget renders the stylesheet parts it needs (ADR 31); a class a component uses but no part
 * it renders defines would draw unstyled (the filter bar's popover did, once its rules moved to
 * the page widgets' part). Folders map to the parts their widgets render, besides the base.
 */
const PARTS_BY_FOLDER: Record<string, string[]> = {
  ui: [],
  filters: ['filters'],
  history: ['history', 'pages'],
  'campaign-dialog': [],
  provider: [],
  list: [],
  move: [],
  calendar: ['calendar', 'print'],
  gantt: ['gantt', 'print'],
  print: ['print', 'print-layout'],
  channels: ['channels'],
  ideas: ['ideas', 'pages'],
  events: ['pages'],
  inbox: ['pages'],
  permissions: ['pages', 'tables', 'permissions'],
  'ad-manager': ['pages', 'gantt', 'tables', 'ad-manager'],
  'share-links': [],
  load: ['load'],
};
/** ui components whose classes only widgets with that part use (InlineText: the ad manager's tables; Tabs and PageTitle: page widgets). */
const UI_CLASSES_OF_PARTS = new Set(['cad-inline-edit', 'cad-link-button', 'cad-page-title', 'cad-tabs', 'cad-tabs__panel', 'cad-tabs__tab']);

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const classesIn = (text: string) => new Set(text.match(/\bcad-[a-z0-9_-]+/g) ?? []);
const partClasses = (part: string) => classesIn(readFileSync(path.join(src, 'styles', `${part}.css`), 'utf8'));

describe('the stylesheet parts each widget renders', () => {
  const defined = new Set(readdirSync(path.join(src, 'styles')).filter((f) => f.endsWith('.css')).flatMap((f) => [...partClasses(f.replace(/\.css$/, ''))]));
  for (const [folder, parts] of Object.entries(PARTS_BY_FOLDER)) {
    it(`define every class the ${folder} components use`, () => {
      const available = new Set(['base', ...parts].flatMap((p) => [...partClasses(p)]));
      const used = readdirSync(path.join(src, folder))
        .filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))
        .flatMap((f) => [...classesIn(readFileSync(path.join(src, folder, f), 'utf8'))]);
      const missing = [...new Set(used)].filter((c) => defined.has(c) && !available.has(c) && !(folder === 'ui' && UI_CLASSES_OF_PARTS.has(c)));
      expect(missing).toEqual([]);
    });
  }
});
