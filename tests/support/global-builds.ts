import { ensureAppBuilt, ensureCliBuilt, ensureServerBuilt, ensureStandaloneBuilt } from './builds';

/** Vitest global setup of the end-to-end and CLI suites: one build of each artefact, before any worker. */
export function setup(): void {
  ensureAppBuilt();
  ensureStandaloneBuilt();
  ensureCliBuilt();
  ensureServerBuilt();
}
