// The SPA's build lives with the other built artefacts the suites drive (tests/support/builds.ts).
export { ensureAppBuilt } from '../../support/builds';
