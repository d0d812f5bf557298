import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Writes each file's seconds (import, hooks and tests) to tests/support/test-durations.json, the
 * order the sequencer starts files in (tests/support/sequencer.ts). Used by `pnpm test:durations`
 * only: an ordinary run leaves the file alone.
 */
export default class DurationsReporter implements Reporter {
  private root = '';

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const seconds: Record<string, number> = {};
    for (const m of modules) {
      const d = m.diagnostic();
      const total = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      seconds[`${m.project.name}:${path.relative(this.root, m.moduleId)}`] = Math.round(total / 100) / 10;
    }
    const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(path.join(this.root, 'tests/support/test-durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);
  }
}
