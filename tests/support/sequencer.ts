import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order (projects by name, larger files first), with the few long, self-contained
 * projects moved to the front (docs/adr/0066-tests-start-longest-first.md).
 *
 * By name, the authorization matrix (`server-isolated`, about five minutes of one in-process
 * server) started last and ran alone for its last five minutes. At the front it overlaps the light
 * app, CLI and contract files instead. Starting every long file first (end-to-end included) was
 * tried and made things worse: four browser-and-server files at once on two cores timed out hooks.
 */
export const FIRST_PROJECTS: readonly string[] = ['server-isolated'];

/** `files` in the order given, those of FIRST_PROJECTS first (stable within each part). */
export function frontLoaded<T extends { project: string }>(files: readonly T[], first: readonly string[] = FIRST_PROJECTS): T[] {
  return [...files.filter((f) => first.includes(f.project)), ...files.filter((f) => !first.includes(f.project))];
}

export default class FrontLoadedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return frontLoaded(sorted.map((spec) => ({ spec, project: spec.project.name }))).map((f) => f.spec);
  }
}
