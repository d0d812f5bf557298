import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order (projects by name, larger files first), with a few long, self-contained
 * files moved to the front (docs/adr/0066-tests-start-longest-first.md).
 *
 * By name, the authorization matrix (`server-isolated`, minutes of one in-process server) started
 * last and ran alone at the end; so did the screens check (every screen at two widths with axe,
 * about five minutes of one browser) and the widgets' axe file. At the front they overlap the many
 * short files instead. Starting every long file first (end-to-end included) was tried and made
 * things worse: four browser-and-server files at once on two cores timed out hooks. Here at most
 * one browser file is among them.
 */
export const FIRST_PROJECTS: readonly string[] = ['server-isolated'];
export const FIRST_FILES: readonly string[] = ['tests/e2e/screens.e2e.ts', 'packages/widgets/src/a11y.test.tsx'];

interface Queued {
  project: string;
  /** The file's path, absolute or from the repository's root. */
  file: string;
}

/** `f` is the file `name` (whole path segments: `screens.e2e.ts` is not `other-screens.e2e.ts`). */
const isFile = (f: Queued, name: string) => f.file === name || f.file.endsWith(`/${name}`);

/** `files` in the order given, those of `projects` and then the named `files` first (stable within each part). */
export function frontLoaded<T extends Queued>(files: readonly T[], projects: readonly string[] = FIRST_PROJECTS, named: readonly string[] = FIRST_FILES): T[] {
  const inProject = (f: T) => projects.includes(f.project);
  return [
    ...files.filter(inProject),
    ...named.flatMap((name) => files.filter((f) => !inProject(f) && isFile(f, name))),
    ...files.filter((f) => !inProject(f) && !named.some((name) => isFile(f, name))),
  ];
}

export default class FrontLoadedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return frontLoaded(sorted.map((spec) => ({ spec, project: spec.project.name, file: spec.moduleId }))).map((f) => f.spec);
  }
}
