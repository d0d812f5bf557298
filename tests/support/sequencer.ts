import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest files first, across every project (docs/adr/0066-tests-start-longest-first.md).
 *
 * Vitest's own order runs the projects one after another by name and, on a clone without its
 * cache (CI's), larger files first within each: the authorization matrix (five minutes) started
 * last and ran alone for five more. Starting the longest files first keeps four workers busy to
 * the end. The durations are a recorded run's (tests/support/test-durations.json, rewritten by
 * `pnpm test:durations`); a file not recorded yet counts as its project's median, so a new file
 * is neither first nor last. Stale figures only change the order, never what runs.
 */
type Durations = Record<string, number>;

const RECORDED = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-durations.json');

export const durationKey = (root: string, spec: Pick<TestSpecification, 'moduleId'> & { project: { name: string } }): string =>
  `${spec.project.name}:${path.relative(root, spec.moduleId)}`;

/** The order: recorded seconds descending, unrecorded files at their project's median, ties by path. */
export function longestFirst<T extends { key: string; project: string }>(files: T[], recorded: Durations): T[] {
  const byProject = new Map<string, number[]>();
  for (const [key, seconds] of Object.entries(recorded)) {
    const project = key.slice(0, key.indexOf(':'));
    byProject.set(project, [...(byProject.get(project) ?? []), seconds]);
  }
  const median = (xs: number[] | undefined) => (xs?.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);
  const weight = (f: T) => recorded[f.key] ?? median(byProject.get(f.project));
  return [...files].sort((a, b) => weight(b) - weight(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function readRecorded(): Durations {
  try {
    statSync(RECORDED);
    return JSON.parse(readFileSync(RECORDED, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyed = files.map((spec) => ({ spec, key: durationKey(root, spec), project: spec.project.name }));
    return longestFirst(keyed, readRecorded()).map((f) => f.spec);
  }
}
